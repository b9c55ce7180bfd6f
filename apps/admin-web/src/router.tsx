import { createRoutedRouter } from '@app/client';
import type { RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export type { RouterContext } from '@app/client';

/** The app's router; tests pass a memory history to start on a given URL. */
export const createAppRouter = (history?: RouterHistory) => createRoutedRouter(routeTree, history);

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
