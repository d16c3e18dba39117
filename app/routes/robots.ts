import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const body = [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /lk',
    'Disallow: /basket',
    'Disallow: /order',
    'Disallow: /search',
    '',
    `Sitemap: ${context.publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
