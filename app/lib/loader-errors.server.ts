import { isAppError } from '@server/errors';
import { data } from 'react-router';

/**
 * Awaits a service call in a loader; a `not_found` service error becomes the 404 page (SPEC §2: a page whose
 * validation fails shows the 404 page), anything else propagates to the error page.
 */
export async function orNotFound<T>(promise: Promise<T>, statusText = 'Not Found'): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') throw data(null, { status: 404, statusText });
    throw error;
  }
}
