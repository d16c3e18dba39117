/** The demo data and the large generated catalogue (DESIGN.md §4). `npm run seed` is the CLI over these. */
export { type SeedDemoOptions, type SeedSummary, seedDemo } from './demo';
export { isDatabaseEmpty } from './empty';
export { type SeedLargeCatalogOptions, seedLargeCatalog } from './large-catalog';
