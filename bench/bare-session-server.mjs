// The baseline of `npm run bench:session` (issue 26): a bare Fastify + pg server answering GET /api/user/me
// with the same indexed lookup the storefront makes (the session's token hash joined to its user and picture,
// the same columns) and the same JSON. No rate limits, logging, security headers or schemas: what is left of
// the storefront's time beside this is what its own layers cost.
// Usage: node bench/bare-session-server.mjs <port> <database url>
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: '-c random_page_cost=1.1' });
const LOOKUP = `select "sessions"."id", "sessions"."expires_at", "users"."id", "users"."phone", "users"."name",
  "users"."email", "users"."image_id", "users"."house", "users"."created_at", "users"."updated_at",
  "files"."id", "files"."path"
  from "sessions" inner join "users" on "users"."id" = "sessions"."user_id"
  left join "files" on "files"."id" = "users"."image_id"
  where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2)`;

const app = Fastify({ logger: false });
app.get('/api/user/me', async (request, reply) => {
  const token = /(?:^|;\s*)fresh_session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  if (!token) return reply.code(401).send({ success: false, message: 'Требуется авторизация' });
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ text: LOOKUP, values: [hash, new Date()], rowMode: 'array' });
  const row = rows[0];
  if (!row) return reply.code(401).send({ success: false, message: 'Требуется авторизация' });
  return {
    success: true,
    user: {
      _id: row[2],
      name: row[4],
      phone: row[3],
      email: row[5],
      img: row[10] ? { _id: row[10], path: row[11] } : null,
      house: row[7] ?? null,
    },
  };
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.send?.('ready');
