import type { Store } from '@core/contracts/catalog';
import { formatCount } from '@core/rules/plural';
import { formatRoubles } from '@core/rules/price';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/icon';
import { Thumb } from '~/components/ui/thumb';
import { FavouriteButton } from '~/features/favourites/favourite-button';

const POINT_FORMS = ['точка', 'точки', 'точек'] as const;

/** A shop in a list (/shops, the favourites' Магазины): logo, name (the stretched link), rating, points, heart. */
export function StoreCard({
  store,
  headingLevel: Heading = 'h2',
}: {
  store: Store;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <article className="relative flex h-full gap-4 rounded-3xl bg-white p-5 pr-16 shadow-card">
      <Thumb
        src={store.logo}
        size={72}
        tone="none"
        placeholder="none"
        loading="eager"
        className="size-18 rounded-full"
      />
      <div className="min-w-0">
        <Heading className="text-lg font-bold">
          <Link
            to={`/store/${store.slug}`}
            className="after:absolute after:inset-0 after:rounded-3xl after:content-[''] hover:text-brand-700"
          >
            {store.name}
          </Link>
        </Heading>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-muted">
          <span className="inline-flex items-center gap-1">
            <Icon name="star" className="size-4 fill-sun text-sun" />
            <span className="sr-only">Рейтинг </span>
            {store.rating.toFixed(1)}
          </span>
          <span>{formatCount(store.points_count, POINT_FORMS)}</span>
          {store.min_order > 0 ? <span>заказ от {formatRoubles(store.min_order)}</span> : null}
        </p>
        <p className="mt-2 line-clamp-3 text-[15px] text-ink">{store.description}</p>
      </div>
      <FavouriteButton
        type="store"
        id={store._id}
        name={store.name}
        variant="inline"
        className="absolute top-4 right-4 z-10"
      />
    </article>
  );
}
