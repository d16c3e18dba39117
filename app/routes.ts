import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Every unmatched path renders the 404 page with status 404.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
