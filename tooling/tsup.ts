import type { Options } from 'tsup';

/** How every Node package and the server are built: ESM for Node 20, with source maps. */
export function nodeBuild(entry: string[] | Record<string, string>): Options {
  return { entry, format: ['esm'], target: 'node20', sourcemap: true, clean: true };
}
