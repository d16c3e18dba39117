import { type SearchItem, SearchQuerySchema } from '@core/contracts/catalog';
import { data } from 'react-router';
import { shopperLocation } from '~/lib/location.server';
import type { Route } from './+types/search';

/** What the header search's fetcher gets: the query it asked for, so it can tell a late answer from a fresh one. */
export type SearchSuggestions = {
  q: string;
  items: SearchItem[];
  /** Why there are no suggestions, in Russian: a query the contract refuses, or search failing. */
  problem?: string;
};

const SEARCH_UNAVAILABLE = 'Поиск временно недоступен';

/**
 * GET /resources/search?q=…: the header search's suggestions (docs/decisions/032). The same service call as
 * GET /api/search, in the shopper's delivery area (its cookie, as the pages read it): shop catalogues first,
 * then products, nothing under 3 characters. A widget's answer is data, never a page: bad input and a failed
 * search come back as data with their status, so the field says so instead of the page turning into an error.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('q') ?? '';
  const parsed = SearchQuerySchema.safeParse({ q: raw });
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? 'Неверный запрос';
    return data<SearchSuggestions>({ q: raw, items: [], problem }, { status: 400 });
  }
  const { q } = parsed.data;
  try {
    const { scope } = await shopperLocation(context);
    const items = await context.services.search.suggest(q, scope);
    return data<SearchSuggestions>({ q, items });
  } catch (error) {
    context.log.error({ err: error, q }, 'search suggestions failed');
    return data<SearchSuggestions>({ q, items: [], problem: SEARCH_UNAVAILABLE }, { status: 503 });
  }
}
