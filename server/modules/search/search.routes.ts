import { SearchItemSchema, SearchQuerySchema } from '@core/contracts/catalog';
import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOfRequest } from '../../http/area';
import type { SearchService } from './search.service';

export const searchRoutes: FastifyPluginAsyncZod<{ search: SearchService }> = async (app, { search }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Header search: shop catalogues (type category) and products; [] under 3 characters',
        querystring: SearchQuerySchema,
        response: { 200: z.array(SearchItemSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => search.suggest(request.query.q, await scopeOfRequest(request)),
  );
};
