/**
 * The `kith` command. Every sub-command has --help with an example and exits non-zero on failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Env, Storage } from '../storage/types.ts';
import { parseCommandArgs, UsageError, withHelpHint } from './usage.ts';

// The config, storage and import modules are loaded by the commands that use them, not here: --help and
// bad usage answer at once instead of after loading the database drivers.
// `existing`: the command reads or changes what is stored (keys list, revoke, reclean...), so an SQLite file
// that is not there is a mistyped DATABASE_URL or another working directory: it fails and names the file
// instead of creating an empty database and answering as if it were the real one.
async function openConfiguredStorage(existing = true): Promise<Storage> {
  const { loadConfig } = await import('../config.ts');
  const { openStorage, sqlitePathOf } = await import('../storage/index.ts');
  const config = loadConfig(process.env);
  const file = sqlitePathOf(config.databaseUrl);
  if (existing && file !== null && file !== ':memory:' && !existsSync(file)) {
    throw new Error(
      `no database at ${file} (DATABASE_URL ${config.databaseUrl?.trim() ? 'names it' : 'is unset: the default'}); check DATABASE_URL and the working directory. The server, kith migrate and kith keys create make a new one.`,
    );
  }
  return openStorage(config.databaseUrl, { citusShardCount: config.citusShardCount });
}

const HELP: Record<string, string> = {
  main: `kith: the Kith address-book ranking service

Usage: kith <command> [options]

Commands:
  serve [--port N --host H] start the HTTP server (same as npm start)
  migrate [--down --yes]    apply database migrations (or revert all of them)
  keys create --app NAME [--env test|live]
  keys list [--app NAME]
  keys revoke KEY|PREFIX|ID
  import FILE [options]     load address books from a file into a running Kith (JSONL, .vcf, contacts .csv/.tsv)
  backfill FILE [options]   the same with backfill=1 (fastest; no ranked lists computed)
  reclean [--dry-run]       re-clean every stored book with this version's cleaner (after an upgrade)
  client-keys create|revoke client keys for browsers and phones (see docs/client-keys.md)
  apps cors --app NAME      browser origins allowed to use an app's client keys

The database is chosen by DATABASE_URL (unset: SQLite at ./data/kith.db).
Run kith <command> --help for the options of each command; kith --version prints the version.
Exit status: 0 done, 1 an error, 2 bad usage (the message names the option and the command's --help).
Example: npx kith keys create --app my-app`,
  keys: `kith keys: manage API keys

  kith keys create --app NAME [--env test|live]   create the app if needed and a key; the key alone is printed on the last line
  kith keys list [--app NAME]                     list keys (display prefix only; keys are stored hashed)
  kith keys revoke KEY|PREFIX|ID                  revoke a key: the key itself, its display prefix or its id

Example: npx kith keys create --app my-app --env live`,
  migrate: `kith migrate: apply every pending migration

  kith migrate               migrate up; prints the migrations applied, or that there were none to apply
  kith migrate --down --yes  revert every migration (destroys all data; --yes is required); prints those reverted

Example: DATABASE_URL=postgres://127.0.0.1:5432/kith npx kith migrate`,
  serve: `kith serve: start the HTTP server (DATABASE_URL and the rest of the configuration from the environment)

  --port N, -p N   port to listen on (default: PORT, else 8080)
  --host H         address to listen on (default: HOST, else 0.0.0.0)

Example: npx kith serve --port 9090 --host 127.0.0.1`,
  reclean: `kith reclean: recompute the cleaned entries and key index of every stored book from the uploads
as received, with this version's cleaner (junk lists, phone metadata and key rules of this release)

  kith reclean             rewrite the books whose cleaning changed; the others are left untouched
  kith reclean --dry-run   only count what would change
  --quiet                  no progress lines (the summary is still printed)

Safe while servers run: each book is rewritten in one transaction, and read again if an upload or a
delete reached it meanwhile. Run it after upgrading Kith; running it twice changes nothing.

Example: DATABASE_URL=postgres://127.0.0.1:5432/kith npx kith reclean --dry-run`,
  import: importHelp('import'),
  backfill: importHelp('backfill'),
};

function importHelp(cmd: 'import' | 'backfill'): string {
  const what =
    cmd === 'import'
      ? 'load address books from a file into a running Kith; the last batch of each book gets the ranked list computed'
      : 'load address books with backfill=1 on every batch: the fastest bulk load (no ranked lists computed)';
  return `kith ${cmd}: ${what}

Usage: kith ${cmd} FILE [options]

FILE is one of:
  *.jsonl, *.ndjson   one upload body per line: {"user_id", "source", "entries", options...}
  *.vcf               a vCard export (iPhone, Android, Apple or Google Contacts): one book, needs --user
  *.csv, *.tsv        a contacts CSV (Google Contacts, Outlook, Thunderbird, LinkedIn Connections, or any
                      CSV whose header names contact columns; comma, semicolon or tab): one book, needs --user

Options:
  --url URL             Kith base URL (env KITH_URL; default http://localhost:8080)
  --key KEY             API key (env KITH_API_KEY)
  --user ID             the user a .vcf/.csv/.tsv book belongs to
  --source-type TYPE    ios, gmail or android (default: from the file; gmail for a Google CSV, none for other CSVs)
  --source-email EMAIL  owner account e-mail (--source-phone, --source-name likewise)
  --source-region CC    the country a .vcf/.csv book's numbers without a country code are read in (MX, DE)
  --charset NAME        a .vcf/.csv file's charset when its bytes cannot tell: windows-1250 (Czech,
                        Polish, Hungarian), windows-1254 (Turkish), koi8-r, euc-jp ... (default: the
                        bytes decide: UTF-8, UTF-16, else windows-1252 or a legacy charset they point to;
                        a CSV's header chooses between windows-1252 and windows-1250)
  --format F            jsonl, vcard, csv or ldif (tsv is read as csv) when the file name does not tell
  --state PATH          progress file (default FILE.kith-progress)
  --restart             discard recorded progress and load everything again (sends entries twice)
  --batch-size N        entries per POST (default 500, as existing clients send)
  --concurrency N       books uploaded at once (default 2)
  --retries N           retries of a batch on 429, 5xx or a dropped connection (default 5)
  --max-failures N      stop after N rejected lines (default 100)
  --dry-run             read and check the file and count batches; send nothing
  --quiet               no progress output (the summary is still printed)

Progress goes to stderr (a bar on a terminal, plain lines otherwise), the summary to stdout. Ctrl-C
stops after the batches in flight; run the same command again to load the rest: every acknowledged
batch is recorded in the progress file, so nothing is loaded twice.
Exit status: 0 all loaded, 1 failures or error, 2 bad usage, 130 interrupted.

Examples:
  KITH_API_KEY=kith_live_... npx kith ${cmd} books.jsonl --url https://kith.example.com
  npx kith ${cmd} contacts.vcf --user 42 --source-type ios --key kith_test_...`;
}

/** The commands whose own --help a usage error points to (`kith keys --help`); any other: `kith --help`. */
const COMMANDS = new Set(['keys', 'migrate', 'serve', 'reclean', 'import', 'backfill', 'client-keys', 'apps']);

/** The version of this Kith (package.json). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function withStorage<T>(fn: (s: Storage) => Promise<T>, existing = true): Promise<T> {
  const storage = await openConfiguredStorage(existing);
  try {
    await storage.migrateUp();
    return await fn(storage);
  } finally {
    await storage.close();
  }
}

async function keys(args: string[]): Promise<void> {
  const [sub, ...rest] = args;
  const { values, positionals } = parseCommandArgs('keys', rest, {
    app: { type: 'string' },
    env: { type: 'string', default: 'test' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help || !sub) {
    console.log(HELP.keys);
    if (!sub && !values.help) throw new UsageError('keys needs a sub-command');
    return;
  }
  if (sub === 'create') {
    if (!values.app) throw new UsageError('keys create needs --app NAME');
    if (values.env !== 'test' && values.env !== 'live') throw new UsageError('--env must be test or live');
    const { createApiKey } = await import('../services/keys.ts');
    const created = await withStorage((s) => createApiKey(s, { app: values.app!, env: values.env as Env }), false);
    console.log(`Created a ${values.env} key for app "${values.app}" (id ${created.keyId}). It is shown once; store it now:`);
    console.log(created.key);
    return;
  }
  if (sub === 'list') {
    await withStorage(async (s) => {
      const app = values.app ? await s.findAppByName(values.app) : null;
      if (values.app && !app) throw new Error(`no app named "${values.app}"`);
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
    if (!target || positionals.length > 1) throw new UsageError('keys revoke needs one key: the key itself, its display prefix (from keys list) or its id');
    const { revokeApiKey } = await import('../services/keys.ts');
    const n = await withStorage((s) => revokeApiKey(s, target));
    // The command was used right: the key named is not there (revoked already, mistyped, another database).
    if (n === 0) throw new Error(`no active key matches "${target.length > 14 ? `${target.slice(0, 14)}…` : target}"`);
    console.log(`revoked ${n} key${n > 1 ? 's' : ''}`);
    return;
  }
  throw new UsageError(`unknown keys sub-command "${sub}"`);
}

/** Exit status of the command, when it is not simply 0 (set by import/backfill). */
let exitStatus = 0;

async function importCommand(mode: 'import' | 'backfill', args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(mode, args, {
    url: { type: 'string' },
    key: { type: 'string' },
    user: { type: 'string' },
    'source-type': { type: 'string' },
    'source-email': { type: 'string' },
    'source-phone': { type: 'string' },
    'source-name': { type: 'string' },
    'source-region': { type: 'string' },
    charset: { type: 'string' },
    format: { type: 'string' },
    state: { type: 'string' },
    restart: { type: 'boolean' },
    'batch-size': { type: 'string' },
    concurrency: { type: 'string' },
    retries: { type: 'string' },
    'max-failures': { type: 'string' },
    'dry-run': { type: 'boolean' },
    quiet: { type: 'boolean', short: 'q' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return void console.log(HELP[mode]);
  if (positionals.length !== 1) throw new UsageError(`${mode} needs exactly one FILE (see kith ${mode} --help)`);
  const key = values.key ?? process.env.KITH_API_KEY;
  if (!key && !values['dry-run']) throw new UsageError(`${mode} needs an API key: --key KEY or KITH_API_KEY`);
  const int = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined) return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}`);
    return n;
  };
  const sourceType = values['source-type']?.toLowerCase();
  if (sourceType && !['ios', 'gmail', 'android'].includes(sourceType)) throw new UsageError('--source-type must be ios, gmail or android');
  const region = values['source-region']?.trim().toUpperCase();
  if (region !== undefined && !/^[A-Z]{2}$/.test(region)) throw new UsageError('--source-region must be a country code such as MX or DE');
  const charset = values.charset?.trim();
  if (charset !== undefined) {
    try {
      new TextDecoder(charset);
    } catch {
      throw new UsageError(`--charset must be a charset name such as windows-1250, iso-8859-2 or koi8-r (got "${charset.slice(0, 32)}")`);
    }
  }
  const { runImport, formatSummary, exitCodeOf } = await import('./import/run.ts');
  const { progressMode } = await import('./import/progress.ts');
  const { formatOf } = await import('./import/sources.ts');
  // What the command line must say is checked here, as bad usage (exit 2), before the file is read.
  let format: string;
  try {
    format = formatOf(positionals[0], values.format);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (format !== 'jsonl' && !values.user?.trim()) {
    throw new UsageError('a .vcf or .csv file is one address book: pass --user ID, the user it belongs to');
  }

  // First Ctrl-C: finish the batches in flight, record them, print the summary. Second: quit now.
  const controller = new AbortController();
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals++;
    if (signals === 1) {
      process.stderr.write(`\n${signal}: stopping after the batches in flight (again to quit at once)...\n`);
      controller.abort();
    } else {
      process.exit(130);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const summary = await runImport({
      file: positionals[0],
      mode,
      url: values.url ?? process.env.KITH_URL ?? 'http://localhost:8080',
      key: key ?? '',
      format: values.format,
      userId: values.user,
      source: { type: sourceType, email: values['source-email'], phone: values['source-phone'], name: values['source-name'], region },
      charset,
      statePath: values.state,
      restart: values.restart,
      batchSize: int('batch-size', values['batch-size'], 1, 100_000),
      concurrency: int('concurrency', values.concurrency, 1, 64),
      retries: int('retries', values.retries, 0, 100),
      maxFailures: int('max-failures', values['max-failures'], 0, 1_000_000_000),
      dryRun: values['dry-run'],
      progress: progressMode(process.stderr, Boolean(values.quiet)),
      signal: controller.signal,
    });
    console.log(formatSummary(summary));
    exitStatus = exitCodeOf(summary);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

async function migrate(args: string[]): Promise<void> {
  const { values } = parseCommandArgs('migrate', args, { down: { type: 'boolean' }, yes: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, false);
  if (values.help) return void console.log(HELP.migrate);
  // Migrating up makes a new database; reverting one that is not there is a mistyped path.
  const storage = await openConfiguredStorage(values.down === true);
  try {
    // Says what the run did, read from the migrator's own results: a new database gets every migration
    // listed (it said "up to date" before, having applied them all).
    if (values.down) {
      if (!values.yes) throw new UsageError('migrate --down destroys every table; add --yes to confirm');
      const reverted = await storage.migrateDown();
      console.log(reverted.length === 0 ? 'no migration to revert: the database has none applied' : `reverted ${countOf(reverted)}: ${reverted.join(', ')}`);
    } else {
      const applied = await storage.migrateUp();
      console.log(applied.length === 0 ? 'migrations are up to date: none to apply' : `applied ${countOf(applied)}: ${applied.join(', ')}`);
    }
  } finally {
    await storage.close();
  }
}

/** `1 migration`, `4 migrations`. */
const countOf = (names: string[]) => `${names.length} migration${names.length === 1 ? '' : 's'}`;

async function reclean(args: string[]): Promise<void> {
  const { values } = parseCommandArgs(
    'reclean',
    args,
    { 'dry-run': { type: 'boolean' }, quiet: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    false,
  );
  const { loadConfig } = await import('../config.ts');
  const { recleanAll } = await import('../services/reclean.ts');
  const config = loadConfig(process.env);
  const storage = await openConfiguredStorage();
  const dryRun = values['dry-run'] === true;
  try {
    let shown = 0;
    const total = await recleanAll(storage, config.defaultRegion, {
      dryRun,
      onBook: (c) => {
        if (values.quiet || c.books - shown < 1000) return;
        shown = c.books;
        process.stderr.write(`kith reclean: ${c.books} books read, ${c.changedBooks} ${dryRun ? 'would change' : 'changed'}\n`);
      },
    });
    console.log(
      `kith reclean: ${total.books} books, ${total.uploads} uploads read; ${total.changedUploads} uploads in ${total.changedBooks} books ` +
        `${dryRun ? 'would be re-cleaned (dry run: nothing written)' : 're-cleaned'}` +
        (total.unreadable > 0 ? `; ${total.unreadable} uploads kept as stored (no entries in their raw text)` : ''),
    );
  } finally {
    await storage.close();
  }
}

export async function main(argv: string[]): Promise<void> {
  const [cmd, ...rest] = argv;
  if (cmd === '--version' || cmd === '-v' || cmd === 'version') return void console.log(`kith ${version()}`);
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
    case 'import':
    case 'backfill':
      return importCommand(cmd, rest);
    case 'reclean':
      return reclean(rest);
    case 'client-keys':
    case 'apps': {
      const ck = await import('./client-keys.ts');
      const run = cmd === 'apps' ? ck.appsCommand : ck.clientKeysCommand;
      return run(rest, withStorage);
    }
    case 'serve': {
      const { values } = parseCommandArgs(
        'serve',
        rest,
        { port: { type: 'string', short: 'p' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
        false,
      );
      if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) throw new UsageError('serve: --port must be a port number (0-65535)');
      if (values.host !== undefined && values.host.trim() === '') throw new UsageError('serve: --host must not be empty');
      const { serve } = await import('../server.ts');
      // The options win over PORT/HOST; the configuration then validates them like the environment.
      return serve({
        ...process.env,
        ...(values.port !== undefined ? { PORT: values.port } : {}),
        ...(values.host !== undefined ? { HOST: values.host } : {}),
      });
    }
    default:
      throw new UsageError(`unknown command "${cmd}" (see kith --help)`);
  }
}

// A reader that stops early (`kith keys list | head -1`) closes the pipe: done, not a stack trace. Not
// for the server, whose log going nowhere is a failure for whoever supervises it, not an end.
if (process.argv[2] !== 'serve') {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(exitStatus || 0);
  });
}

main(process.argv.slice(2)).then(
  () => {
    if (exitStatus) process.exitCode = exitStatus;
  },
  (err) => {
    // Every usage error names the command's --help, wherever in the command it was found.
    const message = err instanceof Error ? err.message : String(err);
    console.error(`kith: ${err instanceof UsageError ? withHelpHint(message, COMMANDS.has(process.argv[2] ?? '') ? process.argv[2] : undefined) : message}`);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
