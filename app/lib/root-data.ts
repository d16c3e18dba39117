/**
 * The root loader's data for any component (app/lib/root-data.server.ts reads it): who is signed in, the
 * basket, badges, hearts, settings. Features read it here, never from app/root.tsx, which renders the shell
 * that composes them (the boundary test: features do not import the shell).
 */
import { useRouteLoaderData } from 'react-router';
import type { loadRootData } from './root-data.server';

/** The root loader's data as a component gets it (undefined on an error page whose root data failed). */
export function useRootData() {
  return useRouteLoaderData<typeof loadRootData>('root');
}
