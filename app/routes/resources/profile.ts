import { ProfileUpdateSchema } from '@core/contracts/identity';
import { data } from 'react-router';
import { profileInput } from '~/features/profile/profile-form';
import { parseWith, runAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/profile';

/**
 * POST /resources/profile: the profile settings popup's fetcher (ADR 028). The customer first (a guest gets
 * 401), then PUT /api/user/me/update's contract and the identity service; the router then loads the root
 * again, so the header shows the new name and picture.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runAction(async () => {
    const user = requireUser(context);
    const input = parseWith(ProfileUpdateSchema, profileInput(await request.formData()));
    return {
      ok: true as const,
      user: await context.services.identity.updateProfile(user._id, input, { ip: context.clientIp }),
    };
  });
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
