import { cpSync, existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrated, empty PGlite cluster that `pnpm build` writes beside the built code (dist/pglite-template).
 * From sources (tests, `pnpm dev`) there is none, and PGlite creates its cluster itself.
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL('./pglite-template', import.meta.url));

/**
 * Fills an absent or empty PGlite folder with a copy of the template and says whether it did. Creating a
 * cluster (initdb in WebAssembly, then every file written through its file system) takes PGlite about 3 s
 * of the very first start; copying the 40 MB of files takes about 0.1 s. A folder holding anything is left
 * to PGlite. The copy is made beside the folder and renamed into place, so a start cut off mid-copy leaves
 * no half cluster behind.
 */
export function copyPgliteTemplate(pgDataDir: string, templateDir: string): boolean {
  if (!existsSync(path.join(templateDir, 'PG_VERSION'))) return false;
  if (existsSync(pgDataDir) && readdirSync(pgDataDir).length > 0) return false;
  const staging = `${pgDataDir}.copying`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(templateDir, staging, { recursive: true });
  rmSync(pgDataDir, { recursive: true, force: true });
  renameSync(staging, pgDataDir);
  return true;
}
