import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * `React.lazy` for a component the module exports by name (every component here is a named export, and
 * `lazy` wants a default one). The module loads the first time the component renders, inside a Suspense
 * boundary; `load` stays a plain dynamic import so the bundler gives the module a chunk of its own
 * (docs/architecture.md#what-a-page-loads-first).
 */
export function lazyExport<Name extends string, Props extends object>(
  load: () => Promise<{ [Key in Name]: ComponentType<Props> }>,
  name: Name,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
