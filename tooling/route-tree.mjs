/**
 * Writes the TanStack Router route tree (src/routeTree.gen.ts) of the app in the current folder, as the
 * router's Vite plugin does when `vite build` or `vite dev` starts. The tree is not kept in git
 * (docs/architecture.md#running-it): tsc and knip read it before any build, so each app's `routes` task
 * writes it first. Plain JavaScript: Node 20 runs it as it is. It is the plugin's own generator with the
 * router's default settings, which are the apps' (their Vite configs add only code splitting, which the
 * tree does not show), so both write the same file.
 */
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
await new Generator({ config: getConfig({}, root), root }).run();
