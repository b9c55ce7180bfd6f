import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

/** Served at /admin/percentage; tests pass a memory history to start on a given URL. */
export function createAppRouter(history?: RouterHistory) {
  return createRouter({ routeTree, history, basepath: '/admin/percentage' });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
