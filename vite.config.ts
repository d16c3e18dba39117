import path from 'node:path';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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
    ],
  },
  build: {
    // Hashed assets are served with immutable caching; keep the inline limit small so CSS stays cacheable.
    assetsInlineLimit: 2048,
  },
});
