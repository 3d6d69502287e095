/** Starts the service: parse config, open storage, migrate, listen; shut down gracefully on signals. */
import { buildApp, ENTRY_POINTS } from './app.ts';
import { loadConfig } from './config.ts';
import { openStorage } from './storage/index.ts';

/** Starts the service with the configuration of `env` (the CLI's --port/--host arrive as PORT/HOST). */
export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  const storage = await openStorage(config.databaseUrl, { citusShardCount: config.citusShardCount });
  await storage.migrateUp();
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
  await app.listen({ port: config.port, host: config.host });
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
