import { ErrorBodySchema } from '@core/contracts/common';
import {
  ArticleKindSchema,
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleSchema,
  PageListSchema,
  PagePathSchema,
  PageSeoSchema,
  RecipeListQuerySchema,
  RecipeListSchema,
  RecipeSchema,
  SiteSettingsSchema,
  VacancyListQuerySchema,
  VacancyListSchema,
} from '@core/contracts/content';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { scopeOfRequest } from '../../http/area';
import { ARTICLE_NOT_FOUND_MESSAGES, type ContentService, PAGE_NOT_FOUND_MESSAGE } from './content.service';

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

  app.get(
    '/recipes',
    {
      schema: {
        tags: ['content'],
        querystring: RecipeListQuerySchema,
        response: { 200: RecipeListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => content.listRecipes(request.query),
  );

  app.get(
    '/recipes/:slug',
    {
      schema: {
        tags: ['content'],
        params: z.object({ slug: z.string() }),
        response: { 200: RecipeSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => content.getRecipe(request.params.slug, await scopeOfRequest(request)),
  );

  app.get(
    '/articles',
    {
      schema: {
        tags: ['content'],
        querystring: ArticleListQuerySchema,
        response: { 200: ArticleListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => content.listArticles(request.query),
  );

  app.get(
    '/articles/:kind/:slug',
    {
      schema: {
        tags: ['content'],
        // The kind is part of the resource's path: an unknown one is a missing resource (404), not a 400.
        params: z.object({ kind: z.string(), slug: z.string() }),
        response: { 200: ArticleSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const kind = ArticleKindSchema.safeParse(request.params.kind);
      if (!kind.success) throw new AppError('not_found', ARTICLE_NOT_FOUND_MESSAGES.blog);
      return content.getArticle(kind.data, request.params.slug);
    },
  );

  app.get(
    '/vacancies',
    {
      schema: {
        tags: ['content'],
        querystring: VacancyListQuerySchema,
        response: { 200: VacancyListSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => content.listVacancies(request.query),
  );
};
