// The session lookup of the bare baselines that serve signed-in calls (bench/bare-basket-server.mjs,
// bench/bare-favourites-server.mjs): the storefront's statement, in its text and under its name
// (`session_user`, server/modules/identity), by the hash of the `fresh_session` cookie's token.
import { createHash } from 'node:crypto';

const SESSION = `select "sessions"."id", "sessions"."expires_at", "users"."id", "users"."phone", "users"."name", "users"."email", "users"."image_id", "users"."house", "users"."created_at", "users"."updated_at", "files"."id", "files"."path" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" left join "files" on "files"."id" = "users"."image_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > $2::timestamptz)`;

/** The storefront's answer to a call without a valid session (401). */
export const UNAUTHORISED = { success: false, message: 'Требуется авторизация' };

/** The signed-in customer's id for a request's Cookie header, or undefined (no token, or no live session). */
export async function signedInUserId(pool, cookie) {
  const token = /(?:^|;\s*)fresh_session=([^;]+)/.exec(cookie ?? '')?.[1];
  if (!token || token.length < 16 || token.length > 256) return undefined;
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({
    name: 'session_user',
    text: SESSION,
    values: [hash, new Date()],
    rowMode: 'array',
  });
  return rows[0]?.[2];
}
