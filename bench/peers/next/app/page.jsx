import { createElement } from 'react';
import { query, renderGrid } from '../lib/grid.mjs';

// Every request runs the query and renders, as Фреш's uncached /catalog does.
export const dynamic = 'force-dynamic';

export default async function CatalogPage() {
  const rows = await query();
  return (
    <main>
      <h1>Каталог</h1>
      {renderGrid(rows, createElement)}
    </main>
  );
}
