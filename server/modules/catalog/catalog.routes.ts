import {
  CatalogQuerySchema,
  CategorySchema,
  IdOrSlugSchema,
  PointSchema,
  PointsListQuerySchema,
  ProductCardSchema,
  ProductDetailSchema,
  ProductPageSchema,
  StoreDetailSchema,
  StoreSchema,
} from '@core/contracts/catalog';
import { ErrorBodySchema } from '@core/contracts/common';
import { z } from '@core/contracts/z';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scopeOfRequest } from '../../http/area';
import type { CatalogService } from './catalog.service';

const IdParamsSchema = z.object({ id: IdOrSlugSchema });
const notFound = { 404: ErrorBodySchema };

/** Read endpoints of the catalogue (SPEC §7 store points and points list, plus what the pages need). */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/catalog/products',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One page (48) of in-stock products, filtered and sorted; prices in kopecks',
        querystring: CatalogQuerySchema,
        response: { 200: ProductPageSchema, ...notFound },
      },
    },
    async (request) =>
      catalog.listProducts(await catalog.resolveCatalog({}, request.query), await scopeOfRequest(request)),
  );

  app.get(
    '/categories',
    { schema: { tags: ['catalog'], response: { 200: z.array(CategorySchema) } } },
    async () => catalog.listCategories(),
  );

  app.get('/stores', { schema: { tags: ['catalog'], response: { 200: z.array(StoreSchema) } } }, async () =>
    catalog.listStores(),
  );

  app.get(
    '/stores/:id',
    {
      schema: {
        tags: ['catalog'],
        params: IdParamsSchema,
        response: { 200: StoreDetailSchema, ...notFound },
      },
    },
    async (request) => catalog.getStoreDetail(request.params.id),
  );

  app.get(
    '/store/:id/points',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The points (warehouses, pickup points) of a shop',
        params: IdParamsSchema,
        response: { 200: z.array(PointSchema), ...notFound },
      },
    },
    async (request) => catalog.listStorePoints(request.params.id),
  );

  app.get(
    '/points/list',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Points by id: ?points=a,b or ?points=a&points=b',
        querystring: PointsListQuerySchema,
        response: { 200: z.array(PointSchema) },
      },
    },
    async (request) => catalog.listPoints(request.query.points),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A product by id or slug, with its stock per point',
        params: IdParamsSchema,
        response: { 200: ProductDetailSchema, ...notFound },
      },
    },
    async (request) => catalog.getProduct(request.params.id, await scopeOfRequest(request)),
  );

  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['catalog'],
        params: IdParamsSchema,
        response: { 200: z.array(ProductCardSchema), ...notFound },
      },
    },
    async (request) => {
      const scope = await scopeOfRequest(request);
      return catalog.listRelated(await catalog.getProduct(request.params.id, scope), scope);
    },
  );
};
