/**
 * Zod-based parsing that loaders need. Kept in a server-only module so route modules' browser bundles never
 * pull Zod in through a loader's import.
 */
export { parseCatalogSearchParams } from '@core/contracts/catalog';
export { ContentSlugSchema, VacancyListQuerySchema } from '@core/contracts/content';
