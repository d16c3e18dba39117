import type { BasketItem } from '@core/contracts/basket';
import type { Point } from '@core/contracts/catalog';
import { formatRoubles } from '@core/rules/price';
import { useEffect } from 'react';
import { useFetcher } from 'react-router';
import { buttonStyles } from '~/components/ui/button';
import { Icon } from '~/components/ui/icon';
import { useOptionalUser } from '~/features/auth/user';
import { useDelivery } from '~/features/delivery/delivery-context';
import { failureOf } from '~/lib/action-result';
import type { loader as swapLoader } from '~/routes/resources/basket-swap';
import { guestBasket } from './guest-basket';
import { SWAP_ACTION, SWAP_FIELD } from './swap-point-form';

/** Whether a point serves the shopper's area: delivers to their zone, or is their pickup point. */
export function servesArea(
  point: Pick<Point, '_id' | 'zones'>,
  area: ReturnType<typeof useDelivery>['area'],
): boolean {
  if (!area) return true;
  return area.mode === 'delivery' ? point.zones.includes(area.zoneId) : point._id === area.pointId;
}

/**
 * Issue 21 (ADR 038): a basket group whose point cannot serve the shopper's address or pickup point says so,
 * and offers each of its products from the point in their area that has it (the card's offer), in one action:
 * the line moves there with its quantity (capped at that point's stock). A product nobody in the area has is
 * named as such. Nothing shows while the point serves the area or no area is chosen.
 */
export function SwapPoint({ point, items }: { point: Point | undefined; items: readonly BasketItem[] }) {
  const { area } = useDelivery();
  const isServed = !point || servesArea(point, area);
  const offers = useFetcher<typeof swapLoader>();
  const mover = useFetcher();
  const isSignedIn = useOptionalUser() !== null;
  const productIds = items.map((item) => item.product._id).join(',');
  const { load } = offers;

  // Asked when the point stops serving or the lines change. A new area that the point still does not serve is
  // asked again by the router: choosing an area revalidates (delivery-provider.tsx), and that reloads every
  // fetcher that has loaded, this one with the new area's cookie.
  useEffect(() => {
    if (isServed || productIds === '') return;
    void load(`${SWAP_ACTION}?${new URLSearchParams({ [SWAP_FIELD.products]: productIds })}`);
  }, [isServed, productIds, load]);

  if (isServed || !point) return null;
  const found = offers.data && 'offers' in offers.data ? offers.data.offers : null;
  const moveFailure = failureOf(mover.data);
  const where =
    area?.mode === 'pickup' ? 'Это не ваш пункт самовывоза' : 'Эта точка не доставляет по вашему адресу';

  function move(item: BasketItem, to: string) {
    if (!point) return;
    const offer = found?.[item.product._id];
    if (!offer) return;
    if (!isSignedIn) {
      guestBasket.change(point._id, item.product, { quantity: 0 });
      guestBasket.change(to, offer.product, { delta: item.quantity });
      return;
    }
    void mover.submit(
      { [SWAP_FIELD.product]: item.product._id, [SWAP_FIELD.from]: point._id, [SWAP_FIELD.to]: to },
      { method: 'post', action: SWAP_ACTION },
    );
  }

  return (
    <div className="mt-4 rounded-2xl bg-sun-soft px-4 py-3 text-[15px]">
      <p className="flex items-start gap-2 font-semibold">
        <Icon name="circle-alert" className="mt-0.5 size-5 shrink-0 text-amber-800" />
        {where}
      </p>
      {found === null ? (
        <p className="mt-1 text-muted" role="status">
          Ищем эти товары рядом с вами…
        </p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {items.map((item) => {
            const offer = found[item.product._id];
            return (
              <li key={item.product._id} className="flex flex-wrap items-center justify-between gap-2">
                {offer ? (
                  <>
                    <span>
                      {item.product.name} есть в точке «{offer.point.name}», {offer.point.address} —{' '}
                      {formatRoubles(offer.product.price)}
                    </span>
                    <button
                      type="button"
                      onClick={() => move(item, offer.point._id)}
                      disabled={mover.state !== 'idle'}
                      aria-label={`Перенести в точку «${offer.point.name}»: ${item.product.name}`}
                      className={buttonStyles({ size: 'sm', variant: 'outline' })}
                    >
                      <Icon name="arrow-right-left" className="size-4" />
                      Перенести
                    </button>
                  </>
                ) : (
                  <span className="text-muted">{item.product.name}: нет в точках вашего района</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {moveFailure ? (
        <p role="alert" className="mt-2 font-medium text-berry">
          {moveFailure.message}
        </p>
      ) : null}
    </div>
  );
}
