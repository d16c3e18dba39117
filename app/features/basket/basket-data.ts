import type { Basket, BasketItem, BasketProduct } from '@core/contracts/basket';
import { isOverStock } from '@core/rules/basket';
import { WEIGHT_MAX_GRAMS, type WeightTerms } from '@core/rules/sold-by-weight';

/** Where the guest basket lives in local storage (SPEC §4: a guest basket is kept on the device). */
export const GUEST_BASKET_STORAGE_KEY = 'fresh:basket';

type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A weighed product's terms (ADR 054), or nothing: a product sold by the piece. */
function readTerms(value: unknown): WeightTerms | undefined {
  if (!isObject(value) || !isWhole(value.step) || !isWhole(value.min)) return undefined;
  return { step: value.step, min: value.min, piece: isWhole(value.piece) ? value.piece : null };
}

function readProduct(value: unknown): BasketProduct | null {
  if (!isObject(value)) return null;
  const { _id, slug, name, img, price, discount, weight, store, count } = value;
  const terms = readTerms(value.by_weight);
  if (!isText(_id) || !isText(slug) || !isText(name) || !isWhole(price) || !isWhole(count)) return null;
  if (!isObject(store) || !isText(store._id) || !isText(store.name) || !isText(store.slug)) return null;
  return {
    _id,
    slug,
    name,
    img: isText(img) ? img : null,
    price,
    discount: isWhole(discount) ? discount : 0,
    weight: isWhole(weight) ? weight : 0,
    store: { _id: store._id, name: store.name, slug: store.slug },
    count,
    ...(terms ? { by_weight: terms } : {}),
  };
}

function readItem(value: unknown): BasketItem | null {
  if (!isObject(value)) return null;
  const product = readProduct(value.product);
  const { quantity } = value;
  // Pieces up to 999; grams of goods sold by weight up to their cap (ADR 054).
  const most = product?.by_weight ? WEIGHT_MAX_GRAMS : 999;
  if (!product || !isWhole(quantity) || quantity < 1 || quantity > most) return null;
  // A signed-in line's choice for a missing item (ADR 055) is not kept here: the basket page shows it from
  // its loader's basket, so every page's first load does not carry its parsing.
  return { product, quantity, is_over_stock: isOverStock(quantity, product.count) };
}

/**
 * A basket from the API or from local storage, checked by hand (Zod would weigh on every page's first
 * load): malformed lines are dropped, an empty group is dropped; null when it is not a basket at all.
 */
export function parseBasket(value: unknown): Basket | null {
  if (!isObject(value) || Array.isArray(value)) return null;
  const basket: Basket = {};
  for (const [pointId, group] of Object.entries(value)) {
    if (!Array.isArray(group)) continue;
    const items = group.map(readItem).filter((item): item is BasketItem => item !== null);
    if (items.length > 0) basket[pointId] = items;
  }
  return basket;
}

/** The stored guest basket; an empty one when nothing (or nothing readable) is stored. */
export function readGuestBasket(storage: Pick<Storage, 'getItem'> | null): Basket {
  if (!storage) return {};
  try {
    const text = storage.getItem(GUEST_BASKET_STORAGE_KEY);
    return text ? (parseBasket(JSON.parse(text)) ?? {}) : {};
  } catch {
    return {};
  }
}

export function writeGuestBasket(
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null,
  basket: Basket,
): void {
  if (!storage) return;
  try {
    if (Object.keys(basket).length === 0) storage.removeItem(GUEST_BASKET_STORAGE_KEY);
    else storage.setItem(GUEST_BASKET_STORAGE_KEY, JSON.stringify(basket));
  } catch {
    // Storage full or switched off (private mode): the basket still works for this visit.
  }
}
