import { AddressFormSchema } from '@core/contracts/geo';
import { data } from 'react-router';
import { runAddressIntent } from '~/features/delivery/address-actions.server';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { requireUser } from '~/lib/auth.server';
import type { Route } from './+types/addresses';

/**
 * POST /resources/addresses: the address popup's fetcher (save a new address, or move a saved one). A
 * widget's resource route: it answers data, never a page; the router then revalidates the page's loaders,
 * so checkout and the cabinet list the address at once. The customer first: a guest gets 401 before the
 * form is read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runFormAction(
    request,
    () => requireUser(context),
    (form, user) =>
      runAddressIntent(context.services.geo, user._id, parseForm(form, AddressFormSchema), {
        ip: context.clientIp,
      }),
  );
}

/** Only posts: there is nothing to show at this address. */
export function loader() {
  throw data(null, { status: 404 });
}
