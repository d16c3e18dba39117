/** A shareable link to a page of a list: the first page has no `?page`. */
export function pageHref(pathname: string, page: number, searchParams?: URLSearchParams): string {
  const params = new URLSearchParams(searchParams);
  params.delete('page');
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The page numbers a pager shows: the first, the last and the current one with its neighbours, with gaps. */
export function pagerItems(page: number, totalPages: number): (number | 'gap')[] {
  const shown = new Set([1, totalPages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= totalPages));
  const sorted = [...shown].sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  for (const [index, number] of sorted.entries()) {
    const previous = sorted[index - 1];
    if (previous !== undefined && number - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) items.push('gap');
    items.push(number);
  }
  return items;
}

/** An absolute URL on the public site, for canonical links and JSON-LD. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin.endsWith('/') ? origin : `${origin}/`).toString();
}
