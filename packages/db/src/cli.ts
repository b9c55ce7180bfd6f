import { createDb } from './create-db';
import { checkLedger } from './ledger';
import { migrateToLatest } from './migrate';

/** `migrate` and `ledger-check` against DATABASE_URL, or the PGlite data under DATA_DIR. */
async function main(command: string | undefined): Promise<number> {
  const handle = await createDb({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
  try {
    if (command === 'migrate') {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The schema is up to date.');
      return 0;
    }
    if (command === 'ledger-check') {
      await migrateToLatest(handle.db);
      const differences = await checkLedger(handle.db);
      for (const d of differences) console.log(`${d.userId} ${d.column}: cached ${d.cached}, ledger ${d.ledger}`);
      console.log(differences.length ? `${differences.length} differences found.` : 'Ledger check: every balance matches its ledger.');
      return differences.length ? 1 : 0;
    }
    console.error('Usage: cli.js migrate | ledger-check');
    return 2;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main(process.argv[2]);
