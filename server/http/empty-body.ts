import type { FastifyInstance } from 'fastify';

/**
 * A POST or DELETE without a body but with `Content-Type: application/json` (what many clients send for a
 * logout) would make Fastify parse an empty string and refuse it ('Пустое тело запроса'), so the logout fails
 * and the session lives on. A request that carries no body has nothing to parse: drop its content type, so
 * a route that takes no body just runs, and a route that needs one says which fields are missing.
 *
 * "No body" is what the headers promise: Content-Length 0, or neither Content-Length nor Transfer-Encoding.
 * A chunked request that turns out empty still meets the parser (it cannot be known before reading). Pages'
 * form actions are left alone: React Router reads their bodies itself.
 */
export function acceptEmptyBodies(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const { headers } = request;
    if (!request.url.startsWith('/api/') || headers['transfer-encoding'] !== undefined) return;
    if (!/^application\/json\s*(;|$)/i.test(headers['content-type'] ?? '')) return;
    const length = headers['content-length'];
    if (length === undefined || length === '0') delete headers['content-type'];
  });
}
