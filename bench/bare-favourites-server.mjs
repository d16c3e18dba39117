// The baseline of `npm run bench:favourites` (issue 26): a bare Fastify + pg server answering
// GET /api/user/me/favorites?type=product with the statements the storefront runs for it, in its text, and the
// same JSON: the session's lookup (named, as the storefront names it); the customer's favourite products;
// their cards with the offer in scope (server/modules/catalog/catalog.repository.ts: findProductCardsByIds);
// and for those without one, their categories, then up to eight shelves of similar products in one statement
// (list-similar.ts: findProductCategories, findProductShelves). The scope is the area cookie's zone or pickup
// point (core/rules/delivery-area.ts), else the chosen city, else the default city, as server/http/area.ts
// works it out; the cities are read once at start (the storefront keeps them in a cache). No rate limits,
// logging, security headers, schemas or Zod: what is left of the storefront's time beside this is what its own
// layers cost. The bench compares one answer of each, with and without an area, before it measures.
// Usage: node bench/bare-favourites-server.mjs <port> <database url>
import Fastify from 'fastify';
import pg from 'pg';
import { signedInUserId, UNAUTHORISED } from './bare-session.mjs';

const [port, databaseUrl] = process.argv.slice(2);
// The storefront's pool: its size and its planner setting (server/db/client.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c random_page_cost=1.1' });

const FAVOURITES = `select "product_id", "store_id", "article_id", "recipe_id" from "favourites" where ("favourites"."user_id" = $1 and "favourites"."type" = $2) order by "favourites"."id" desc`;
const CATEGORIES = `select "id", "category_id", "store_id" from "products" where "products"."id" = any($1::uuid[])`;
/** A card's columns and its offer (productCardColumns, offerColumn). */
const CARD = `select "products"."id", "products"."slug", "products"."name", "products"."images", "products"."price_kopecks", "products"."discount_percent", "products"."weight_grams", case when "products"."sold_by" = 'weight'
  then json_build_object('step', "products"."step_grams", 'min', "products"."min_grams", 'piece', "products"."piece_grams") end, "products"."rating", "products"."reviews_count", "products"."created_at", "stores"."id", "stores"."name", "stores"."slug", case when offer.point is null then null
  else json_build_object('point', offer.point, 'count', offer.count, 'price', offer.price) end`;
const POPULAR = `"products"."popularity" desc, "products"."id"`;
const SIMILAR_MAX_SHELVES = 8;
const SIMILAR_LIMIT = 4;
const NEW_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** `$1`, `$2`, …: the statement's parameters in the order they appear. */
function numbering() {
  let count = 0;
  return () => `$${++count}`;
}

/** servesScope: whether the stock row's point serves the scope (one parameter, none without a scope). */
function servesScope(scope, next) {
  if (scope.pointId) return `"s"."point_id" = ${next()}`;
  if (scope.cityId)
    return `exists (select 1 from "points" "cp" where "cp"."id" = "s"."point_id" and "cp"."city_id" = ${next()})`;
  if (scope.zoneId)
    return `exists (select 1 from "point_zones" "sz" where "sz"."point_id" = "s"."point_id" and "sz"."zone_id" = ${next()})`;
  return 'true';
}
const scopeValues = (scope) => [scope.pointId ?? scope.cityId ?? scope.zoneId].filter(Boolean);

/** offersOfList: each product's offer in scope, among the products `condition` keeps. */
function offersOf(scope, next, condition) {
  return `(select distinct on ("s"."product_id") "s"."product_id" as product, "s"."point_id" as point,
      "s"."count" as count, coalesce("s"."price_kopecks", "products"."price_kopecks") as price
    from "stock" "s" inner join "products" on "products"."id" = "s"."product_id"
    where "s"."count" > 0 and ${servesScope(scope, next)}
      
      and ${condition(next)}
    order by "s"."product_id", "s"."count" desc, "s"."point_id") offer`;
}

/** findProductCardsByIds: scope, ids, ids. One text per kind of scope, made once. */
function cardsText(scope) {
  const next = numbering();
  const offer = offersOf(scope, next, (n) => `"products"."id" = any(${n()}::uuid[])`);
  return `${CARD} from "products" inner join "stores" on "stores"."id" = "products"."store_id" left join ${offer} on offer.product = "products"."id" where "products"."id" = any(${next()}::uuid[])`;
}
const CARDS = {
  point: cardsText({ pointId: 'x' }),
  city: cardsText({ cityId: 'x' }),
  zone: cardsText({ zoneId: 'x' }),
  none: cardsText({}),
};
const cardsTextOf = (scope) =>
  CARDS[scope.pointId ? 'point' : scope.cityId ? 'city' : scope.zoneId ? 'zone' : 'none'];

/**
 * findProductShelves: each shelf's first `limit` in-stock products, most popular first, every shelf in one
 * text (the shelves as two arrays, unnested with their place; each one's offers in a lateral subquery), named
 * by the kind of scope as the storefront names it.
 */
function shelvesText(scope) {
  const next = numbering();
  next(); // $1: the shelves' categories
  next(); // $2: their shops
  return `${CARD}, (shelf.place - 1)::int from unnest($1::uuid[],
      $2::uuid[]) with ordinality as shelf(category_id, store_id, place) cross join lateral (select offer.product, offer.point, offer.count, offer.price from (
      select distinct on ("s"."product_id") "s"."product_id" as product, "s"."point_id" as point, "s"."count" as count,
        coalesce("s"."price_kopecks", "products"."price_kopecks") as price, "products"."popularity" as popularity
      from "stock" "s" inner join "products" on "products"."id" = "s"."product_id"
      where "s"."count" > 0 and ${servesScope(scope, next)}
        and (shelf.category_id is null or "products"."category_id" = shelf.category_id)
        and (shelf.store_id is null or "products"."store_id" = shelf.store_id)
      order by "s"."product_id", "s"."count" desc, "s"."point_id") offer
    order by offer.popularity desc, offer.product limit ${next()}) offer inner join "products" on "products"."id" = offer.product inner join "stores" on "stores"."id" = "products"."store_id" order by shelf.place, ${POPULAR}`;
}
const SHELVES = {
  p: shelvesText({ pointId: 'x' }),
  c: shelvesText({ cityId: 'x' }),
  z: shelvesText({ zoneId: 'x' }),
  all: shelvesText({}),
};

function shelvesQuery(shelves, scope, limit) {
  const kind = scope.pointId ? 'p' : scope.cityId ? 'c' : scope.zoneId ? 'z' : 'all';
  return {
    name: `catalog_shelves_${kind}`,
    text: SHELVES[kind],
    values: [
      shelves.map((shelf) => shelf.categoryId ?? null),
      shelves.map((shelf) => shelf.storeId ?? null),
      ...scopeValues(scope),
      limit,
    ],
  };
}

/**
 * presentProductCard, its keys in the order the storefront's answer has them; a favourite (`similar` given)
 * has its similar products before the weight terms.
 */
function card(row, now, similar) {
  const offer = row[14];
  const answer = {
    _id: row[0],
    slug: row[1],
    name: row[2],
    img: row[3][0] ?? null,
    price: offer?.price ?? row[4],
    discount: row[5],
    weight: row[6],
    rating: Number(row[8]),
    reviews: row[9],
    store: { _id: row[11], name: row[12], slug: row[13] },
    in_stock: offer !== null,
    is_new: now - row[10].getTime() < NEW_FOR_MS,
    offer,
  };
  if (similar) answer.similar = similar;
  if (row[7]) answer.by_weight = row[7];
  return answer;
}

/** listSimilar: up to four in-area products of each gone product's category (or shop), eight shelves at most. */
async function similarOf(gone, scope, now) {
  const groups = new Map();
  for (const [id, categoryId, storeId] of (
    await pool.query({ text: CATEGORIES, values: [gone], rowMode: 'array' })
  ).rows) {
    const key = categoryId ? `category:${categoryId}` : `store:${storeId}`;
    const group = groups.get(key);
    if (group) group.ids.push(id);
    else groups.set(key, categoryId ? { categoryId, ids: [id] } : { storeId, ids: [id] });
  }
  const shelves = [...groups.values()].slice(0, SIMILAR_MAX_SHELVES);
  const similar = new Map();
  if (shelves.length === 0) return similar;
  const rows = shelves.map(() => []);
  const query = { ...shelvesQuery(shelves, scope, SIMILAR_LIMIT), rowMode: 'array' };
  for (const row of (await pool.query(query)).rows) rows[row[15]]?.push(row);
  for (const [index, { ids }] of shelves.entries()) {
    const shelf = (rows[index] ?? []).map((row) => card(row, now));
    for (const id of ids) similar.set(id, shelf);
  }
  return similar;
}

// The visitor's city without an area (server/modules/geo/places.ts: cityFor): chosen, else default, else first.
const cities = (await pool.query('select "id", "is_default" from "cities" order by "sort", "name"')).rows;
const defaultCityId = (cities.find((city) => city.is_default) ?? cities[0])?.id;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const AREA = new RegExp(`^([dp])\\.(${UUID})\\.(${UUID})(?:\\.([A-Za-z0-9_-]{1,640}))?$`, 'i');
const CITY = new RegExp(`^c\\.(${UUID})$`, 'i');

/** server/http/area.ts: scopeOfRequest. */
function scopeOf(cookie) {
  const value = /(?:^|;\s*)fresh_area=([^;]*)/.exec(cookie)?.[1];
  const area = value ? AREA.exec(value) : null;
  if (area) return area[1] === 'd' ? { zoneId: area[3] } : { pointId: area[3] };
  const chosen = value ? CITY.exec(value)?.[1]?.toLowerCase() : undefined;
  const cityId = cities.some((city) => city.id === chosen) ? chosen : defaultCityId;
  return cityId ? { cityId } : {};
}

const app = Fastify({ logger: false });
app.get('/api/user/me/favorites', async (request, reply) => {
  if (request.query.type !== 'product') return reply.code(400).send({ success: false, message: 'type' });
  const cookie = request.headers.cookie ?? '';
  const userId = await signedInUserId(pool, cookie);
  if (!userId) return reply.code(401).send(UNAUTHORISED);
  reply.header('cache-control', 'private, no-store');
  const scope = scopeOf(cookie);
  const favourites = await pool.query({ text: FAVOURITES, values: [userId, 'product'], rowMode: 'array' });
  const ids = favourites.rows.flatMap((row) => row[0] ?? row[1] ?? row[2] ?? row[3] ?? []);
  const now = Date.now();
  let cards = [];
  if (ids.length > 0) {
    const { rows } = await pool.query({
      text: cardsTextOf(scope),
      values: [...scopeValues(scope), ids, ids],
      rowMode: 'array',
    });
    const byId = new Map(rows.map((row) => [row[0], row]));
    cards = ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [card(row, now, [])] : [];
    });
  }
  // Only products without an offer get similar ones (list-favourites.ts).
  const gone = cards.filter((item) => !item.offer);
  if (gone.length > 0) {
    const similar = await similarOf(
      gone.map((item) => item._id),
      scope,
      now,
    );
    for (const item of gone) item.similar = similar.get(item._id) ?? [];
  }
  return { success: true, type: 'product', favorites: cards };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
