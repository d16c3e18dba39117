import { ErrorBodySchema } from '@core/contracts/common';
import { FileResponseSchema } from '@core/contracts/identity';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../errors';
import { signedIn } from '../../http/auth';
import type { FilesService } from './files.service';
import { FILE_TOO_LARGE_MESSAGE, UNSUPPORTED_IMAGE_MESSAGE, UPLOAD_MAX_BYTES } from './image';

export const CHOOSE_FILE_MESSAGE = 'Выберите изображение для загрузки';
export const MALFORMED_UPLOAD_MESSAGE = 'Не удалось прочитать файл из запроса. Загрузите изображение ещё раз';

/**
 * @fastify/multipart's and busboy's errors → our messages. Everything here happens while reading the request
 * body, so an error without a known code (busboy's 'Multipart: Boundary not found', 'Unexpected end of form',
 * 'Malformed part header' …) is the client's malformed or truncated body: 400, never 500.
 */
function toUploadError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('payload_too_large', FILE_TOO_LARGE_MESSAGE, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_NO_FORM_DATA':
      return new AppError('unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE, { cause: error });
    default:
      return new AppError('bad_request', MALFORMED_UPLOAD_MESSAGE, { cause: error });
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
    { config: { auth: 'user' }, schema: { tags: ['files'], response: { 200: FileResponseSchema } } },
    async (request) => {
      const { user } = signedIn(request);
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
    {
      config: { auth: 'user' },
      schema: { tags: ['files'], response: { 200: FileResponseSchema, 404: ErrorBodySchema } },
    },
    async (request) => {
      const { user } = signedIn(request);
      return { success: true as const, ...(await files.getLatestImage(user._id)) };
    },
  );
};
