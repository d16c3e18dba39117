import { ErrorBodySchema } from '@core/contracts/common';
import { PageListSchema, PagePathSchema, PageSeoSchema, SiteSettingsSchema } from '@core/contracts/content';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { type ContentService, PAGE_NOT_FOUND_MESSAGE } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get('/settings', { schema: { tags: ['content'], response: { 200: SiteSettingsSchema } } }, async () =>
    content.getSiteSettings(),
  );

  app.get('/pages', { schema: { tags: ['content'], response: { 200: PageListSchema } } }, async () =>
    content.listContentPages(),
  );

  app.get(
    '/pages/*',
    {
      schema: {
        tags: ['content'],
        params: z.object({ '*': z.string() }),
        response: { 200: PageSeoSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const path = PagePathSchema.safeParse(`/${request.params['*']}`.replace(/\/+$/, ''));
      if (!path.success) throw new AppError('not_found', PAGE_NOT_FOUND_MESSAGE);
      return content.getPage(path.data);
    },
  );
};
