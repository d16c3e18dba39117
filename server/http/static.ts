import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './error-handler';

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the client build: files under /assets/ carry a content hash in their names and are cached as
 * immutable for a year; the few unhashed files at the top (the service worker, the manifest, its icons, the
 * offline page) for an hour. Pre-compressed .br/.gz siblings written by the build are preferred, so no CPU is
 * spent compressing static files per request. The hashed files are served under one wildcard route: a route
 * per file (fastify-static's `wildcard: false`) made about 570 routes and 0.2-0.4 s of every start (issue 26's
 * boot profile); the top-level files, a handful, keep a route each.
 */
export async function registerClientAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const common = { preCompressed: true, decorateReply: false, index: false, cacheControl: false } as const;
  await app.register(fastifyStatic, {
    ...common,
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    setHeaders(res) {
      res.setHeader('Cache-Control', `public, max-age=${YEAR_S}, immutable`);
    },
  });
  await app.register(fastifyStatic, {
    ...common,
    root: clientDir,
    prefix: '/',
    wildcard: false,
    globIgnore: ['assets/**'],
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
}

export const FILE_NOT_FOUND_MESSAGE = 'Файл не найден';
export const METHOD_NOT_ALLOWED_MESSAGE = 'Файлы можно только получать';

/**
 * Uploaded and generated images, stored under generated names, so they never change once written. A missing
 * file (or the bare /uploads/ folder) is a 404 in the API's shape, not the storefront's HTML error page.
 */
export async function registerUploads(app: FastifyInstance, uploadDir: string): Promise<void> {
  await app.register(
    async (uploads) => {
      const notFound = (reply: FastifyReply) =>
        sendError(reply.header('Cache-Control', 'no-store'), 404, {
          success: false,
          message: FILE_NOT_FOUND_MESSAGE,
        });
      uploads.setNotFoundHandler((_request, reply) => notFound(reply));
      uploads.all('/', async (_request, reply) => notFound(reply));
      // Files are only read: any other method is refused here, in our shape, instead of falling through to
      // the page renderer's catch-all (an HTML 405; found by the fuzz suite).
      uploads.route({
        method: uploads.supportedMethods.filter((method) => method !== 'GET' && method !== 'HEAD'),
        url: '/*',
        handler: async (_request, reply) =>
          sendError(reply.header('Allow', 'GET, HEAD').header('Cache-Control', 'no-store'), 405, {
            success: false,
            message: METHOD_NOT_ALLOWED_MESSAGE,
          }),
      });
      await uploads.register(fastifyStatic, {
        root: uploadDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        cacheControl: false,
        setHeaders(res) {
          res.setHeader('Cache-Control', 'public, max-age=604800');
          res.setHeader('X-Content-Type-Options', 'nosniff');
        },
      });
    },
    { prefix: '/uploads' },
  );
}
