import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: {
    alias: {
      '~': path.resolve(import.meta.dirname, 'app'),
      '@core': path.resolve(import.meta.dirname, 'core'),
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // Hashed assets are served with immutable caching; keep the inline limit small so CSS stays cacheable.
    assetsInlineLimit: 2048,
  },
});
