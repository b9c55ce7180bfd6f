import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrated, empty PGlite cluster that `pnpm build` writes beside the built code (dist/pglite-template).
 * From sources (tests, `pnpm dev`) there is none, and PGlite creates its cluster itself. A function: a
 * browser-like test environment imports this module with a URL that is no file.
 */
export const builtPgliteTemplateDir = () => fileURLToPath(new URL('./pglite-template', import.meta.url));

/** The template's layout: the cluster's files, and the list of its folders. */
export const templateCluster = (templateDir: string) => path.join(templateDir, 'cluster');
/**
 * Packing the build (`pnpm deploy` for the image) drops empty folders, and PostgreSQL will not start
 * without pg_tblspc, pg_notify and the like, so the template lists its folders and a copy makes them.
 */
export const templateFolderList = (templateDir: string) => path.join(templateDir, 'folders.json');

/**
 * Fills an absent or empty PGlite folder with a copy of the template and says whether it did. Creating a
 * cluster (initdb in WebAssembly, then every file written through its file system) takes PGlite about 3 s
 * of the very first start; copying the 40 MB of files takes about 0.1 s. A folder holding anything is left
 * to PGlite. The copy is made beside the folder and renamed into place, so a start cut off mid-copy leaves
 * no half cluster behind.
 */
export function copyPgliteTemplate(pgDataDir: string, templateDir: string): boolean {
  const cluster = templateCluster(templateDir);
  const folderList = templateFolderList(templateDir);
  if (!existsSync(path.join(cluster, 'PG_VERSION')) || !existsSync(folderList)) return false;
  if (existsSync(pgDataDir) && readdirSync(pgDataDir).length > 0) return false;
  const staging = `${pgDataDir}.copying`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(cluster, staging, { recursive: true });
  for (const folder of JSON.parse(readFileSync(folderList, 'utf8')) as string[]) {
    mkdirSync(path.join(staging, folder), { recursive: true });
  }
  rmSync(pgDataDir, { recursive: true, force: true });
  renameSync(staging, pgDataDir);
  return true;
}
