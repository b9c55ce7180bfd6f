import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';
import { templateCluster, templateFolderList } from './pglite-template';

/** Writes a new cluster with every migration applied and nothing else to templateDir (replacing it). */
export async function writePgliteTemplate(templateDir: string): Promise<void> {
  const staging = `${templateDir}.writing`;
  rmSync(staging, { recursive: true, force: true });
  const handle = await createDb({ dataDir: path.join(staging, 'data'), pgliteTemplateDir: null });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  const cluster = templateCluster(staging);
  renameSync(path.join(staging, 'data', 'pglite'), cluster);
  rmSync(path.join(staging, 'data'), { recursive: true });
  writeFileSync(templateFolderList(staging), `${JSON.stringify(foldersUnder(cluster))}\n`);
  rmSync(templateDir, { recursive: true, force: true });
  mkdirSync(path.dirname(templateDir), { recursive: true });
  renameSync(staging, templateDir);
}

function foldersUnder(root: string, relative = ''): string[] {
  return readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = path.posix.join(relative, entry.name);
      return [folder, ...foldersUnder(root, folder)];
    });
}
