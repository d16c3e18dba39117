import { ProfileFormSchema } from '@core/contracts/identity';
import { data } from 'react-router';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/profile';

/**
 * POST /resources/profile: the profile settings popup's fetcher (ADR 028). The customer first (a guest gets
 * 401 before the form is read), then the form read with its contract (PUT /api/user/me/update's fields, ADR
 * 042) and the identity service; the router then loads the root again, so the header shows the new name and
 * picture.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    async (form, user) => ({
      ok: true as const,
      user: await context.services.identity.updateProfile(user._id, parseForm(form, ProfileFormSchema), {
        ip: context.clientIp,
      }),
    }),
    { hideFields: ['code'] },
  );
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
