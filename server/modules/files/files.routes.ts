import { ErrorBodySchema } from '@core/contracts/common';
import { FileResponseSchema } from '@core/contracts/identity';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../errors';
import { requireUser } from '../../http/auth';
import type { FilesService } from './files.service';
import { FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_MAX_BYTES } from './image';

export const CHOOSE_FILE_MESSAGE = 'Выберите изображение для загрузки';

/** @fastify/multipart's own errors → our messages. */
function toUploadError(error: unknown): unknown {
  if (isAppError(error) || typeof error !== 'object' || error === null || !('code' in error)) return error;
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_NO_FORM_DATA':
      return new AppError('unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE, { cause: error });
    default:
      return error;
  }
}

/** POST /api/file/upload (multipart image) and GET /api/file/user. */
export const filesRoutes: FastifyPluginAsyncZod<{ files: FilesService }> = async (app, { files }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/file/upload',
    { schema: { tags: ['files'], response: { 200: FileResponseSchema } } },
    async (request) => {
      const { user } = await requireUser(request);
      if (!request.isMultipart()) throw new AppError('unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);
      let data: Buffer;
      try {
        const part = await request.file();
        if (!part) throw new AppError('bad_request', CHOOSE_FILE_MESSAGE);
        data = await part.toBuffer();
      } catch (error) {
        throw toUploadError(error);
      }
      if (data.length === 0) throw new AppError('bad_request', CHOOSE_FILE_MESSAGE);
      return { success: true as const, ...(await files.uploadImage(user._id, data)) };
    },
  );

  app.get(
    '/file/user',
    { schema: { tags: ['files'], response: { 200: FileResponseSchema, 404: ErrorBodySchema } } },
    async (request, reply) => {
      const { user } = await requireUser(request);
      reply.header('Cache-Control', 'private, no-store');
      return { success: true as const, ...(await files.getLatestImage(user._id)) };
    },
  );
};
