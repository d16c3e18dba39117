import type { Category, Point, ProductCard, ProductDetail, Store } from '@core/contracts/catalog';
import type {
  CategoryRow,
  PointRow,
  ProductCardRow,
  ProductDetailRow,
  StoreRow,
  WarehouseRow,
} from './catalog.repository';

/** A product counts as new for a week after it appears. */
const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** A card in the shopper's area: the price shown is the offer's (ADR 014), what the basket charges. */
export function presentProductCard(row: ProductCardRow, now: Date): ProductCard {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    img: row.images[0] ?? null,
    price: row.offer?.price ?? row.priceKopecks,
    discount: row.discountPercent,
    weight: row.weightGrams,
    rating: row.rating,
    reviews: row.reviewsCount,
    store: { _id: row.storeId, name: row.storeName, slug: row.storeSlug },
    in_stock: row.offer !== null,
    offer: row.offer,
    is_new: now.getTime() - row.createdAt.getTime() < NEW_FOR_MS,
    ...(row.weightTerms ? { by_weight: row.weightTerms } : {}),
  };
}

export function presentProductDetail(
  row: ProductDetailRow,
  warehouses: readonly WarehouseRow[],
  now: Date,
): ProductDetail {
  return {
    ...presentProductCard(row, now),
    description: row.description,
    imgs: row.images.map((path) => ({ path })),
    category:
      row.categoryId && row.categorySlug && row.categoryName
        ? { _id: row.categoryId, slug: row.categorySlug, name: row.categoryName }
        : null,
    warehouse: warehouses.map((entry) => ({
      point: {
        _id: entry.pointId,
        slug: entry.pointSlug,
        name: entry.pointName,
        address: entry.pointAddress,
      },
      zone: entry.zoneIds,
      count: entry.count,
      price: entry.priceKopecks ?? row.priceKopecks,
      in_area: entry.isInArea,
    })),
  };
}

export function presentCategory(row: CategoryRow): Category {
  return { _id: row.id, slug: row.slug, name: row.name, img: row.image, parent: row.parentId };
}

export function presentStore(row: StoreRow): Store {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    description: row.description,
    logo: row.logo,
    rating: row.rating,
    reviews: row.reviewsCount,
    min_order: row.minOrderKopecks,
    delivery_fee: row.deliveryFeeKopecks,
    free_delivery_from: row.freeDeliveryFromKopecks,
    points_count: row.pointsCount,
  };
}

export function presentPoint(row: PointRow): Point {
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    address: row.address,
    phone: row.phone,
    is_pickup: row.isPickup,
    schedule: row.schedule,
    coordinates: { longitude: row.longitude, latitude: row.latitude },
    city: row.cityId,
    zones: row.zoneIds,
    store: { _id: row.storeId, name: row.storeName, slug: row.storeSlug },
  };
}
