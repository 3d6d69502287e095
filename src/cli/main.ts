/**
 * The `kith` command. Every sub-command has --help with an example and exits non-zero on failure.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createApiKey } from '../services/keys.ts';
import { openStorage } from '../storage/index.ts';
import type { Env } from '../storage/types.ts';

const HELP: Record<string, string> = {
  main: `kith: the Kith address-book ranking service

Usage: kith <command> [options]

Commands:
  serve                     start the HTTP server (same as npm start)
  migrate [--down --yes]    apply database migrations (or revert all of them)
  keys create --app NAME [--env test|live]
  keys list [--app NAME]
  keys revoke ID_OR_PREFIX

The database is chosen by DATABASE_URL (unset: SQLite at ./data/kith.db).
Example: npx kith keys create --app my-app`,
  keys: `kith keys: manage API keys

  kith keys create --app NAME [--env test|live]   create the app if needed and a key; the key alone is printed on the last line
  kith keys list [--app NAME]                     list keys (display prefix only; keys are stored hashed)
  kith keys revoke ID_OR_PREFIX                   revoke a key

Example: npx kith keys create --app my-app --env live`,
  migrate: `kith migrate: apply every pending migration

  kith migrate               migrate up
  kith migrate --down --yes  revert every migration (destroys all data; --yes is required)

Example: DATABASE_URL=postgres://127.0.0.1:5432/kith npx kith migrate`,
  serve: `kith serve: start the HTTP server (PORT, HOST, DATABASE_URL from the environment)

Example: PORT=8080 npx kith serve`,
};

class UsageError extends Error {}

async function withStorage<T>(fn: (s: Awaited<ReturnType<typeof openStorage>>) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env);
  const storage = await openStorage(config.databaseUrl);
  try {
    await storage.migrateUp();
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

async function keys(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { app: { type: 'string' }, env: { type: 'string', default: 'test' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help || !sub) {
    console.log(HELP.keys);
    if (!sub && !values.help) throw new UsageError('keys needs a sub-command');
    return;
  }
  if (sub === 'create') {
    if (!values.app) throw new UsageError('keys create needs --app NAME');
    if (values.env !== 'test' && values.env !== 'live') throw new UsageError('--env must be test or live');
    const created = await withStorage((s) => createApiKey(s, { app: values.app!, env: values.env as Env }));
    console.log(`Created a ${values.env} key for app "${values.app}" (id ${created.keyId}). It is shown once; store it now:`);
    console.log(created.key);
    return;
  }
  if (sub === 'list') {
    await withStorage(async (s) => {
      const app = values.app ? await s.findAppByName(values.app) : null;
      if (values.app && !app) throw new UsageError(`no app named "${values.app}"`);
      const list = await s.listKeys(app?.id);
      for (const k of list) {
        console.log([k.id, k.appName, k.env, `${k.prefix}…`, new Date(k.createdAt).toISOString(), k.revokedAt ? 'revoked' : 'active'].join('\t'));
      }
      if (list.length === 0) console.log('no keys');
    });
    return;
  }
  if (sub === 'revoke') {
    const target = positionals[0];
    if (!target) throw new UsageError('keys revoke needs a key id or prefix');
    const n = await withStorage((s) => s.revokeKey(target, Date.now()));
    if (n === 0) throw new UsageError(`no active key matches "${target}"`);
    console.log(`revoked ${n} key${n > 1 ? 's' : ''}`);
    return;
  }
  throw new UsageError(`unknown keys sub-command "${sub}"`);
}

async function migrate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { down: { type: 'boolean' }, yes: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) return void console.log(HELP.migrate);
  const config = loadConfig(process.env);
  const storage = await openStorage(config.databaseUrl);
  try {
    if (values.down) {
      if (!values.yes) throw new UsageError('migrate --down destroys every table; add --yes to confirm');
      await storage.migrateDown();
      console.log('reverted every migration');
    } else {
      await storage.migrateUp();
      console.log('migrations are up to date');
    }
  } finally {
    await storage.close();
  }
}

export async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    console.log(HELP.main);
    if (!cmd) throw new UsageError('a command is required');
    return;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    if (HELP[cmd]) return void console.log(HELP[cmd]);
  }
  switch (cmd) {
    case 'keys':
      return keys(rest);
    case 'migrate':
      return migrate(rest);
    case 'serve': {
      const { serve } = await import('../server.ts');
      return serve(process.env);
    }
    default:
      throw new UsageError(`unknown command "${cmd}" (see kith --help)`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(`kith: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
