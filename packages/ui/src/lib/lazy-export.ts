import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A component whose module loads when it first renders, or earlier when `preload` is called. */
export type LazyExport<Props extends object> = LazyExoticComponent<ComponentType<Props>> & { preload: () => Promise<void> };

/** A thenable that calls back at once: React.lazy reads its module as there and renders without suspending. */
function alreadyLoaded<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable is the point: React.lazy calls `then` and reads a synchronous answer as loaded.
  return { then: (resolve: (loaded: T) => void) => resolve(value) } as unknown as Promise<T>;
}

/**
 * `React.lazy` for a component the module exports by name (every component here is a named export, and
 * `lazy` wants a default one). The module loads the first time the component renders, inside a Suspense
 * boundary, or earlier through `preload` (a route loader); `load` stays a plain dynamic import so the
 * bundler gives the module a chunk of its own (docs/architecture.md#what-a-page-loads-first). Given a
 * promise, React.lazy suspends its first render even when the module has loaded, and a page whose first
 * render suspends is committed as its fallback and rendered again; a preloaded one renders at once.
 */
export function lazyExport<Name extends string, Props extends object>(
  load: () => Promise<{ [Key in Name]: ComponentType<Props> }>,
  name: Name,
): LazyExport<Props> {
  let loaded: { default: ComponentType<Props> } | undefined;
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const module = () => {
    loading ??= load().then((exports) => {
      loaded = { default: exports[name] };
      return loaded;
    });
    return loading;
  };
  const component = lazy(() => (loaded ? alreadyLoaded(loaded) : module()));
  return Object.assign(component, { preload: () => module().then(() => undefined) });
}
