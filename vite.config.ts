import path from 'node:path';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** The framework every page runs: one file, cached across deploys of the app's own code. */
const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
const ROOT_ROUTE = `${path.resolve(import.meta.dirname, 'app/root.tsx')}?__react-router-build-client-route`;
const ENTRY = path.resolve(import.meta.dirname, 'app/entry.client.tsx');

/** Own modules this small (transformed code) shared by two or more modules ride in the shell's file. */
const SMALL_SHARED_CHARS = 1200;
/** The storefront's pages: what three or more of them share is one file (cards, prices, pagination). */
const STOREFRONT_ROUTES = ['home', 'catalog', 'product', 'store', 'shops', 'search', 'recipe', 'recipes'].map(
  (name) => `${path.resolve(import.meta.dirname, 'app/routes', name)}.tsx?__react-router-build-client-route`,
);
/** The pages most visits start on (issue 23's budget pages): the small shared modules they run ride in the shell. */
const LANDING_ROUTES = new Set(STOREFRONT_ROUTES.slice(0, 3));

type ModuleInfo = {
  importedIds: readonly string[];
  importers: readonly string[];
  code: string | null;
} | null;
type GetModuleInfo = (id: string) => ModuleInfo;

const isOwn = (id: string) => !id.includes('/node_modules/') && !id.includes('?') && !id.startsWith('\0');

/**
 * How the browser's JavaScript is cut into files (ADR 044). React, React DOM, React Router and the client
 * entry are one file; everything the root route imports statically (the shell every page renders) is one
 * more, with the app's small modules that several routes share (pure rules, formatting: a few hundred bytes
 * each, no reason for a request of their own); a page adds its route module and what only routes share.
 * Rollup alone made a file for every combination of routes sharing a module: 56 requests for /catalog.
 */
function clientChunks(): Plugin {
  let shell: Set<string> | undefined;
  const smallShared = new Map<string, boolean>();
  /** Small, shared by two or more, and importing nothing but the framework, the shell and other such. */
  const isSmallShared = (id: string, getModuleInfo: GetModuleInfo, seen = new Set<string>()): boolean => {
    const known = smallShared.get(id);
    if (known !== undefined) return known;
    if (seen.has(id)) return true;
    seen.add(id);
    const info = getModuleInfo(id);
    const result =
      isOwn(id) &&
      info !== null &&
      (info.code?.length ?? Number.POSITIVE_INFINITY) < SMALL_SHARED_CHARS &&
      info.importers.length >= 2 &&
      info.importedIds.every(
        (dependency) =>
          FRAMEWORK.test(dependency) ||
          entryOf(getModuleInfo).has(dependency) ||
          shellOf(getModuleInfo).has(dependency) ||
          isSmallShared(dependency, getModuleInfo, seen),
      );
    smallShared.set(id, result);
    return result;
  };
  let storefront: Set<string> | undefined;
  /** Own modules three or more storefront pages import statically (the shell's aside). */
  const storefrontOf = (getModuleInfo: GetModuleInfo): Set<string> => {
    if (storefront) return storefront;
    const reach = new Map<string, number>();
    landingReach = new Set();
    for (const route of STOREFRONT_ROUTES) {
      const seen = new Set<string>();
      const stack = [...(getModuleInfo(route)?.importedIds ?? [])];
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (seen.has(id) || !isOwn(id) || shellOf(getModuleInfo).has(id)) continue;
        seen.add(id);
        reach.set(id, (reach.get(id) ?? 0) + 1);
        if (LANDING_ROUTES.has(route)) landingReach.add(id);
        stack.push(...(getModuleInfo(id)?.importedIds ?? []));
      }
    }
    storefront = new Set([...reach].filter(([, count]) => count >= 3).map(([id]) => id));
    return storefront;
  };
  let landingReach = new Set<string>();
  /** Own modules /, /catalog or a product page imports statically (outside the shell): their first load. */
  const landingReachOf = (getModuleInfo: GetModuleInfo): Set<string> => {
    storefrontOf(getModuleInfo);
    return landingReach;
  };
  let entry: Set<string> | undefined;
  /**
   * The client entry and its own imports (the chunk-error reload) go with the framework: the entry in the
   * shell's file would make the two import each other, and the shell's modules then ran before React was set.
   */
  const entryOf = (getModuleInfo: GetModuleInfo): Set<string> => {
    if (entry) return entry;
    const found = new Set<string>();
    const stack = [ENTRY];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (found.has(id) || !isOwn(id)) continue;
      found.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    entry = found;
    return found;
  };
  const shellOf = (getModuleInfo: GetModuleInfo): Set<string> => {
    if (shell) return shell;
    const found = new Set<string>();
    const stack = [ROOT_ROUTE];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      // Own code only: a package's index imports all of it, though a page uses a few of its parts.
      if (found.has(id) || id.includes('/node_modules/') || entryOf(getModuleInfo).has(id)) continue;
      found.add(id);
      stack.push(...(getModuleInfo(id)?.importedIds ?? []));
    }
    shell = found;
    return found;
  };
  return {
    name: 'fresh-client-chunks',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rollupOptions: {
            output: {
              manualChunks(id, { getModuleInfo }) {
                if (FRAMEWORK.test(id) || entryOf(getModuleInfo).has(id)) return 'framework';
                if (shellOf(getModuleInfo).has(id)) return 'shell';
                if (storefrontOf(getModuleInfo).has(id)) return 'storefront';
                // Small shared modules the landing pages' first load runs ride in the shell's file; those only
                // other pages and on-first-use parts (dialogs, the map, the cabinet, a shop's reviews) run are
                // one file of their own, not every page's first load.
                if (isSmallShared(id, getModuleInfo))
                  return landingReachOf(getModuleInfo).has(id) ? 'shell' : 'shared';
                return undefined;
              },
            },
          },
        },
      };
    },
  };
}

/**
 * React Router's package exports only its development build (dist/development), whose one difference from
 * dist/production is `ENABLE_DEV_WARNINGS = true`: every page's framework file carried its warnings and
 * their messages. The browser gets the production build (ADR 044); the server build is left as it is.
 */
function reactRouterProduction(): Plugin {
  const production = path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production');
  return {
    name: 'fresh-react-router-production',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    resolveId(source) {
      if (source === 'react-router') return path.join(production, 'index.mjs');
      if (source === 'react-router/dom') return path.join(production, 'dom-export.mjs');
      return null;
    },
  };
}

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(import.meta.dirname, 'app'),
      '@core': path.resolve(import.meta.dirname, 'core'),
      '@server': path.resolve(import.meta.dirname, 'server'),
    },
  },
  plugins: [
    tailwindcss(),
    reactRouter(),
    reactRouterProduction(),
    clientChunks(),
    // react-aria ships its built-in strings in 34 languages; the storefront speaks Russian (and English, the
    // spec's second UI-library locale). The rest would be 30 KB of every page's JavaScript.
    { ...optimizeLocales.vite({ locales: ['ru-RU', 'en-US'] }), enforce: 'pre' },
  ],
  ssr: {
    // Bundled into the server build so only the components and icons in use are loaded: imported from
    // node_modules at run time, react-aria-components and lucide-react take over a second to import.
    noExternal: [
      /^react-aria-components(\/|$)/,
      /^react-aria(\/|$)/,
      /^react-stately(\/|$)/,
      /^@react-aria\//,
      /^@react-stately\//,
      /^@internationalized\//,
      /^lucide-react(\/|$)/,
      // Hundreds of files each (drizzle-orm 408, zod 231, conform 49 resolutions at every start: on Node 24 each
      // resolution reads package scopes, over a second of the boot; ADR 047). The server bundle has its own
      // copies already (scripts/build-server.ts), so nothing that was one instance becomes two.
      /^zod(\/|$)/,
      /^@conform-to\//,
      /^drizzle-orm(\/|$)/,
    ],
  },
  environments: {
    client: {
      build: {
        // Terser rather than esbuild's minifier: 3 % fewer gzip bytes of every page's first load (framework
        // 112.2 -> 108.9 KB, shell 26.0 -> 25.3 KB), for a few seconds more of build (ADR 044).
        minify: 'terser',
        terserOptions: { compress: { passes: 2 }, module: true },
      },
    },
  },
  build: {
    // Hashed assets are served with immutable caching; keep the inline limit small so CSS stays cacheable.
    assetsInlineLimit: 2048,
  },
});
