import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createDb } from './create-db';
import { migrateToLatest } from './migrate';

/** Writes a new cluster with every migration applied and nothing else to templateDir (replacing it). */
export async function writePgliteTemplate(templateDir: string): Promise<void> {
  const staging = `${templateDir}.writing`;
  rmSync(staging, { recursive: true, force: true });
  const handle = await createDb({ dataDir: staging, pgliteTemplateDir: null });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(path.join(staging, 'pglite'), templateDir);
  rmSync(staging, { recursive: true, force: true });
}
