import { moveDiskPhotos, newPushDeliveryCounts, startPushQueue } from '@app/api';
import { createDb, isDatabaseUnavailable, isEmpty, migrateToLatest, seedDemoData } from '@app/db';
import { buildApp } from './app';
import { logBooksCheck, PGLITE_START_CHECK_MAX_LEDGER_BYTES } from './books-check';
import { ConfigError, loadConfig } from './config';
import { signInFacts } from './sign-in-facts';

/**
 * Starts the server: configuration, database (PGlite under DATA_DIR unless DATABASE_URL), migrations,
 * demo data on a first start in development, then HTTP. SIGTERM and SIGINT close it gracefully:
 * new connections are refused, requests in flight finish, then the database closes.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    maxConnections: config.DATABASE_POOL_SIZE,
  });
  await migrateToLatest(database.db);
  if (config.DEMO_DATA && !config.isProduction && (await isEmpty(database.db))) {
    await seedDemoData(database.db);
  }

  const pushDeliveries = newPushDeliveryCounts();
  const { app, deps } = await buildApp({
    config,
    pushDeliveries,
    db: database.db,
    changes: await database.changes(),
    dbStats: database.stats,
    poolConnections: database.poolConnections,
  });
  // Pushes are sent by a queue in the database (docs/architecture.md#web-push), on every instance.
  const pushQueue = config.vapid
    ? await startPushQueue({ sql: database, db: database.db, vapid: config.vapid, log: app.log, counts: pushDeliveries })
    : undefined;
  if (!pushQueue) app.log.warn('push notifications are off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY to send them');
  const where = database.kind === 'pglite' ? `PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info({ database: database.kind, photos: deps.photos.kind }, `database: ${where}`);
  if (!config.isProduction && config.generatedSecrets.length > 0) {
    app.log.warn(`Generated for this run (set them to keep them): ${config.generatedSecrets.join('  ')}`);
  }

  // postgres.js leaves one internal query per new connection unawaited (its array-type lookup): losing the
  // database while a connection starts is an unhandled rejection, which must not end the process. Any
  // other unhandled rejection still does.
  process.on('unhandledRejection', (reason) => {
    if (!isDatabaseUnavailable(reason)) throw reason;
    app.log.warn({ err: reason }, 'database connection lost while connecting');
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    // Node closes the connections that are idle when closing starts; one busy then stays open after its
    // answer for the keep-alive (KEEP_ALIVE_TIMEOUT_SECONDS). Closing those as they fall idle ends the drain with the last answer.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(closeIdle);
      await pushQueue?.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (!config.isProduction) {
    const host = ['0.0.0.0', '::'].includes(config.HOST) ? 'localhost' : config.HOST;
    process.stdout.write(`${signInFacts(config, config.PUBLIC_URL ?? `http://${host}:${config.PORT}`).join('\n')}\n`);
  }
  // Photos still on this instance's disk from before the photo store move into it (docs/architecture.md#uploads).
  // In the background: until each has moved, its old URL is served from the disk as before.
  void moveDiskPhotos(
    { db: database.db, photos: deps.photos, photoDecoder: deps.photoDecoder, uploadsDir: deps.settings.uploadsDir },
    app.log,
  ).catch((error) => app.log.error({ err: error }, 'moving the profile photos on disk to the photo store failed'));
  // After listening: the check reads every ledger row, and a start must not wait for it.
  if (config.NODE_ENV === 'development') {
    const limit = database.kind === 'pglite' ? { maxLedgerBytes: PGLITE_START_CHECK_MAX_LEDGER_BYTES } : {};
    void logBooksCheck(database.db, app.log, limit);
  }
}

await main();
