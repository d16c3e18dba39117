import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  // BUILD_DIR lets two checkouts' worth of work (or a benchmark) build side by side; `build` by default.
  buildDirectory: process.env.BUILD_DIR || 'build',
  ssr: true,
} satisfies Config;
