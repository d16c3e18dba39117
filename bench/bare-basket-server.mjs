// The baseline of `npm run bench:basket` (issue 26): a bare Fastify + pg server answering
// PATCH /api/user/me/basket with the statements the storefront runs for it, under the same names (so both are
// prepared once per connection), and the same JSON: the session's lookup; then in one transaction the basket's
// lock, the line's state, the line's upsert or delete; after the commit the whole basket read back. The
// quantity is set and capped at the point's stock (goods sold by the piece; the bench sends no weighed goods).
// No rate limits, logging, security headers, same-origin check or schemas: what is left of the storefront's
// time beside this is what its own layers cost. The bench compares one answer of each before it measures.
// Usage: node bench/bare-basket-server.mjs <port> <database url>
import Fastify from 'fastify';
import pg from 'pg';
import { signedInUserId, UNAUTHORISED } from './bare-session.mjs';

const [port, databaseUrl] = process.argv.slice(2);
// The storefront's pool size and planner setting (server/db/client.ts).
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c random_page_cost=1.1' });

const LOCK = `insert into "baskets" ("user_id", "updated_at") values ($1, default) on conflict ("user_id") do update set "updated_at" = now()`;
const LINE_STATE = `select (select "quantity" from "basket_items"
        where "user_id" = $1 and "point_id" = $2
          and "product_id" = $3), (select count(*)::int from "basket_items" where "user_id" = $4), (select s.count from stock s join points pt on pt.id = s.point_id
        join products p on p.id = s.product_id
        where s.point_id = $5 and s.product_id = $6
          and p.store_id = pt.store_id), (select case when p.sold_by = 'weight'
          then json_build_object('step', p.step_grams, 'min', p.min_grams, 'piece', p.piece_grams) end
        from products p where p.id = $7) from "baskets" where "baskets"."user_id" = $8`;
const UPSERT = `insert into "basket_items" ("user_id", "point_id", "product_id", "quantity", "on_missing", "replacement_id", "position", "created_at", "updated_at") values ($1, $2, $3, $4, default, default, default, default, default) on conflict ("user_id","point_id","product_id") do update set "quantity" = excluded.quantity, "updated_at" = now()`;
const DELETE = `delete from "basket_items" where ("basket_items"."user_id" = $1 and "basket_items"."point_id" = $2 and "basket_items"."product_id" = $3)`;
const ROWS = `select "basket_items"."point_id", "basket_items"."product_id", "basket_items"."quantity", "products"."slug", "products"."name", "products"."images", coalesce("stock"."price_kopecks", "products"."price_kopecks"), "products"."discount_percent", "products"."weight_grams", case when "products"."sold_by" = 'weight'
  then json_build_object('step', "products"."step_grams", 'min', "products"."min_grams", 'piece', "products"."piece_grams") end, "stores"."id", "stores"."name", "stores"."slug", coalesce("stock"."count", 0), "basket_items"."on_missing", "basket_items"."replacement_id", "replacement"."name" from "basket_items" inner join "products" on "products"."id" = "basket_items"."product_id" inner join "stores" on "stores"."id" = "products"."store_id" left join "stock" on ("stock"."point_id" = "basket_items"."point_id" and "stock"."product_id" = "basket_items"."product_id") left join "products" "replacement" on "replacement"."id" = "basket_items"."replacement_id" where "basket_items"."user_id" = $1 order by "basket_items"."position"`;

/** The basket's rows → the API's map of point id → lines (server/modules/basket/basket.presenter.ts). */
function present(rows) {
  const basket = {};
  for (const row of rows) {
    const [pointId, productId, quantity, slug, name, images, price, discount, weight, byWeight] = row;
    const [storeId, storeName, storeSlug, count, onMissing, replacementId, replacementName] = row.slice(10);
    const item = {
      product: {
        _id: productId,
        slug,
        name,
        img: images[0] ?? null,
        price,
        discount,
        weight,
        store: { _id: storeId, name: storeName, slug: storeSlug },
        count,
        ...(byWeight ? { by_weight: byWeight } : {}),
      },
      quantity,
      is_over_stock: quantity > Math.max(0, count),
      on_missing: onMissing,
      replacement:
        replacementId && replacementName !== null ? { product: replacementId, name: replacementName } : null,
    };
    const group = basket[pointId];
    if (group) group.push(item);
    else basket[pointId] = [item];
  }
  return basket;
}

const app = Fastify({ logger: false });
app.patch('/api/user/me/basket', async (request, reply) => {
  const userId = await signedInUserId(pool, request.headers.cookie);
  if (!userId) return reply.code(401).send(UNAUTHORISED);
  const { warehouse_id: pointId, product_id: productId, quantity: wanted } = request.body;
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query({ name: 'basket_lock', text: LOCK, values: [userId] });
    const state = await client.query({
      name: 'basket_line_state',
      text: LINE_STATE,
      values: [userId, pointId, productId, userId, pointId, productId, productId, userId],
      rowMode: 'array',
    });
    const [current = null, , stock = null] = state.rows[0] ?? [];
    const quantity = Math.max(0, Math.min(wanted, stock ?? 0));
    if (quantity === 0 && current !== null) {
      await client.query({ name: 'basket_delete_line', text: DELETE, values: [userId, pointId, productId] });
    } else if (quantity > 0 && quantity !== current) {
      await client.query({
        name: 'basket_upsert_line',
        text: UPSERT,
        values: [userId, pointId, productId, quantity],
      });
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
  const rows = await pool.query({ name: 'basket_rows', text: ROWS, values: [userId], rowMode: 'array' });
  return present(rows.rows);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
