/**
 * Generates client/schema.d.ts (TypeScript types of every path, body and answer) from the OpenAPI
 * document with openapi-typescript.
 *
 *   npx tsx client/generate.ts                       # from an app built in-process (default config)
 *   npx tsx client/generate.ts --from http://localhost:8080/v0/openapi.json
 *   npx tsx client/generate.ts --check               # exit 1 when the committed file is stale
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';

/** Where the generated types live. */
export const SCHEMA_FILE = new URL('./schema.d.ts', import.meta.url);

const HEADER = `/**
 * Generated from Kith's /v0/openapi.json by openapi-typescript (client/generate.ts). Do not edit by hand:
 * run \`npx tsx client/generate.ts\` after changing a route schema.
 */

`;

/** The OpenAPI document of an app built in-process on a throw-away in-memory database, default config. */
export async function localDocument(): Promise<Record<string, unknown>> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const { openStorage } = await import('../src/storage/index.ts');
  const storage = await openStorage('sqlite::memory:');
  try {
    await storage.migrateUp();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), storage });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await storage.close();
  }
}

/** The text of schema.d.ts for an OpenAPI document. */
export async function generateTypes(document: Record<string, unknown>): Promise<string> {
  // The servers list names a deployment, not the API: leave it out so the types do not depend on it.
  const { servers: _servers, ...rest } = document;
  const ast = await openapiTS(rest as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('Usage: npx tsx client/generate.ts [--from URL] [--check]\nExample: npx tsx client/generate.ts --from http://localhost:8080/v0/openapi.json');
    return;
  }
  let document: Record<string, unknown>;
  if (values.from) {
    const res = await fetch(values.from);
    if (!res.ok) throw new Error(`GET ${values.from} answered ${res.status}`);
    document = (await res.json()) as Record<string, unknown>;
  } else {
    document = await localDocument();
  }
  const text = await generateTypes(document);
  if (values.check) {
    const current = readFileSync(SCHEMA_FILE, 'utf8');
    if (current !== text) {
      console.error('client/schema.d.ts is stale: run npx tsx client/generate.ts');
      process.exit(1);
    }
    console.log('client/schema.d.ts is up to date');
    return;
  }
  writeFileSync(SCHEMA_FILE, text);
  console.log(`wrote ${SCHEMA_FILE.pathname}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err) => {
    console.error(`generate: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
