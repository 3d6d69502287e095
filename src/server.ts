/** Starts the service: parse config, open storage, migrate, listen; shut down gracefully on signals. */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openStorage } from './storage/index.ts';

export async function serve(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  const storage = await openStorage(config.databaseUrl);
  await storage.migrateUp();
  const app = await buildApp({ config, storage });
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
  app.log.info(
    { engine: storage.engine },
    `Kith is listening on http://${config.host}:${config.port}. Get an API key with: npx kith keys create --app <name>`,
  );
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  serve().catch((err) => {
    console.error(`kith: could not start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
