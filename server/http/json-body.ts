/**
 * The JSON body parser: Fastify's own (prototype poisoning refused), behind a depth check that runs first.
 * JSON.parse of 400,000 nested brackets (800 KB, well under the body limit) costs tens of milliseconds of the
 * one event loop per request; the check refuses it after a few dozen characters (server/lib/json-depth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { exceedsJsonDepth } from '../lib/json-depth';

export const JSON_TOO_DEEP_MESSAGE = 'Слишком большая вложенность данных в запросе';

export function registerJsonBodyParser(app: FastifyInstance, { maxDepth }: { maxDepth: number }): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (exceedsJsonDepth(text, maxDepth)) {
      done(new AppError('bad_request', JSON_TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parse(request, text, done);
  });
}
