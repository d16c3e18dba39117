import { PageNumberSchema } from '@core/contracts/content';

/**
 * The page number of a list URL (`?page=2`): 1 when absent, null when it is not a page number, so the route
 * answers 404 as for any page whose validation fails (SPEC §2).
 */
export function readPageParam(searchParams: URLSearchParams): number | null {
  const values = searchParams.getAll('page');
  if (values.length === 0) return 1;
  if (values.length > 1) return null;
  const parsed = PageNumberSchema.safeParse(values[0]);
  return parsed.success ? parsed.data : null;
}
