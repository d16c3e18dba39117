import type { LoadContext } from '@server/services';

declare module 'react-router' {
  interface AppLoadContext extends LoadContext {}
}
