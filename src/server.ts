/** Starts the service: parse config, open storage, migrate, listen; shut down gracefully on signals. */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp, ENTRY_POINTS } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { toStorageError } from './storage/errors.ts';
import { openStorage } from './storage/index.ts';
import type { Storage } from './storage/types.ts';

/** First and longest pause between two attempts to reach the database at start (ms). */
const DB_RETRY_FIRST_MS = 500;
const DB_RETRY_MAX_MS = 5_000;

/**
 * Opens the storage and migrates it. A database that is not reachable (refused, unknown host, starting
 * up, shutting down) is tried again, pausing 0.5 s, then twice as long up to 5 s, for up to
 * `config.dbWaitSeconds`; any other failure (a wrong password, a bad schema) stops the start at once.
 * `say` gets one line per pause, without the URL (it may hold a password).
 */
export async function openAndMigrate(config: Config, say: (line: string) => void): Promise<Storage> {
  const deadline = Date.now() + config.dbWaitSeconds * 1000;
  for (let pause = DB_RETRY_FIRST_MS; ; pause = Math.min(2 * pause, DB_RETRY_MAX_MS)) {
    let storage: Storage | undefined;
    try {
      storage = await openStorage(config.databaseUrl, { citusShardCount: config.citusShardCount, queryTimeoutMs: config.dbQueryTimeoutMs || undefined });
      await storage.migrateUp();
      return storage;
    } catch (e) {
      await storage?.close().catch(() => {});
      if (toStorageError('start', e).kind !== 'unavailable') throw e;
      const why = e instanceof Error ? e.message : String(e);
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(`the database was not reachable${config.dbWaitSeconds > 0 ? ` for ${config.dbWaitSeconds} s (KITH_DB_WAIT_SECONDS)` : ''}: ${why}`, {
          cause: e,
        });
      }
      const wait = Math.min(pause, left);
      say(
        `kith: the database is not reachable yet (${why}); trying again in ${(wait / 1000).toFixed(1)} s, for up to ${config.dbWaitSeconds} s in all (KITH_DB_WAIT_SECONDS)`,
      );
      await sleep(wait);
    }
  }
}

/** Starts the service with the configuration of `env` (the CLI's --port/--host arrive as PORT/HOST). */
export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  const storage = await openAndMigrate(config, (line) => console.error(line));
  const app = await buildApp({ config, storage, startWorkersOnListen: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Fastify's close stops accepting connections and waits for in-flight requests.
    const timer = setTimeout(() => process.exit(1), 25_000).unref();
    try {
      await app.close();
      await storage.close();
    } finally {
      clearTimeout(timer);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    // The port is another program's (a Kith already running, say): say how to choose another (a new user
    // found only `listen EADDRINUSE` and no word of PORT).
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      await storage.close().catch(() => {});
      throw new Error(
        `port ${config.port} on ${config.host} is in use by another program (a Kith already running?): choose another with PORT (PORT=9090 npm start) or kith serve --port 9090`,
      );
    }
    throw err;
  }
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const local = `http://${config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host}:${port}`;
  const urls = Object.fromEntries(Object.entries(ENTRY_POINTS).map(([name, path]) => [name, local + path]));
  app.log.info(
    { engine: storage.engine, urls },
    `Kith is listening on ${local} (host ${config.host}): API reference ${urls.docs}, playground ${urls.playground}, OpenAPI ${urls.openapi}, metrics ${urls.metrics}. Get an API key with: npx kith keys create --app <name>`,
  );
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  serve().catch((err) => {
    console.error(`kith: could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
