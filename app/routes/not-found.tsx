import { data } from 'react-router';
import { requireUserOnGuardedPath } from '~/lib/auth.server';
import type { Route } from './+types/not-found';

export const meta = () => [{ title: 'Страница не найдена' }];

/**
 * Every path no other route matches: answered with status 404 and the 404 page (root ErrorBoundary); a
 * guest on a path the SPEC §6 rule covers (/lk/settings, /order/1/x) is sent where it says instead.
 */
export function loader({ context, request }: Route.LoaderArgs) {
  requireUserOnGuardedPath(context, request);
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
