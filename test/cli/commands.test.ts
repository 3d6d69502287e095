/**
 * The kith command as a newcomer uses it: --version, keys revoke by the key or its prefix, serve
 * --port/--host, migrate saying what it did, usage errors that exit 2 with the command's own message
 * and its --help, and errors that are not bad usage exiting 1 (docs/cli.md).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { kith } from '../helpers/cli.ts';
import { freePort } from '../helpers/free-port.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('the kith command', () => {
  let dir: string;
  let env: Record<string, string>;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kith-cli-'));
    env = { DATABASE_URL: `sqlite:${join(dir, 'kith.db')}` };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('--version prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await kith(['--version']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), `kith ${version}`);
  });

  it('bad usage exits 2 with the command own message, not the argument parser', async () => {
    const cases: [string[], RegExp][] = [
      [['keys', 'list', '--frobnicate'], /keys: unknown option --frobnicate \(see kith keys --help\)/],
      [['import', 'x.jsonl', '--bogus'], /import: unknown option --bogus \(see kith import --help\)/],
      [['import', 'x.jsonl', '--url'], /import: option --url needs a value/],
      [['client-keys', 'create', '--app', 'a', '--user', 'u', '--ttl', '-5'], /option --ttl needs a value \(-5 was read as an option: write --ttl=-5\)/],
      [['client-keys', 'create', '--app', 'a', '--user', 'u', '--ttl=-5'], /--ttl must be an integer from 60 to 2592000 seconds/],
      [['migrate', 'now'], /migrate: takes no arguments besides its options/],
      [['serve', '--port', 'eighty'], /--port must be a port number/],
      [['keys', 'revoke'], /keys revoke needs one key/],
    ];
    for (const [args, message] of cases) {
      const r = await kith(args, env);
      assert.equal(r.code, 2, `kith ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, `kith ${args.join(' ')}`);
      assert.doesNotMatch(r.stderr, /ERR_PARSE_ARGS|To specify a positional argument/, "not Node's parser message");
    }
  });

  it('keys revoke takes the key itself or its display prefix, as well as the id', async () => {
    const keyOf = async () => {
      const r = await kith(['keys', 'create', '--app', 'cli-app'], env);
      assert.equal(r.code, 0, r.stderr);
      return r.stdout.trim().split('\n').pop()!;
    };
    const byKey = await keyOf();
    const byPrefix = await keyOf();
    const r1 = await kith(['keys', 'revoke', byKey], env);
    assert.equal(r1.code, 0, r1.stderr);
    assert.match(r1.stdout, /revoked 1 key/);
    const list = await kith(['keys', 'list'], env);
    const prefix = list.stdout
      .split('\n')
      .find((l) => byPrefix.startsWith(l.split('\t')[3]?.replace('…', '') ?? '\0'))!
      .split('\t')[3];
    const r2 = await kith(['keys', 'revoke', prefix], env);
    assert.equal(r2.code, 0, r2.stderr);
    const after = await kith(['keys', 'list'], env);
    assert.equal(after.stdout.split('\n').filter((l) => l.endsWith('revoked')).length, 2);
    const again = await kith(['keys', 'revoke', byKey], env);
    assert.equal(again.code, 1, 'an error, not bad usage: the command was used right');
    assert.match(again.stderr, /no active key matches/);
    assert.ok(!again.stderr.includes(byKey), 'the key is not echoed whole');
  });

  it('migrate says what it applied or reverted: every migration on a new database, none when up to date', async () => {
    const fresh = { DATABASE_URL: `sqlite:${join(dir, 'migrate.db')}` };
    const first = await kith(['migrate'], fresh);
    assert.equal(first.code, 0, first.stderr);
    // It said "migrations are up to date" here, having just applied them all.
    assert.match(first.stdout, /^applied \d+ migrations: 0001-initial, /m);
    const again = await kith(['migrate'], fresh);
    assert.match(again.stdout, /migrations are up to date: none to apply/);
    const down = await kith(['migrate', '--down', '--yes'], fresh);
    assert.equal(down.code, 0, down.stderr);
    assert.match(down.stdout, /^reverted \d+ migrations: .*, 0001-initial$/m);
    assert.match((await kith(['migrate', '--down', '--yes'], fresh)).stdout, /no migration to revert/);
    assert.match((await kith(['migrate'], fresh)).stdout, /^applied \d+ migrations: 0001-initial, /m);
  });

  it('a command that reads or changes what is stored fails on an SQLite file that is not there, naming it, and creates nothing', async () => {
    const missing = join(dir, 'typo', 'kith.db');
    const typo = { DATABASE_URL: `sqlite:${missing}` };
    const commands = [
      ['keys', 'list'],
      ['keys', 'revoke', 'kith_test_x'],
      ['reclean', '--dry-run'],
      ['client-keys', 'revoke', '--app', 'a'],
      ['apps', 'cors', '--app', 'a'],
      ['migrate', '--down', '--yes'],
    ];
    for (const args of commands) {
      const r = await kith(args, typo);
      assert.equal(r.code, 1, `kith ${args.join(' ')}: ${r.stderr}`);
      assert.ok(r.stderr.includes(`no database at ${missing}`), `kith ${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '', `kith ${args.join(' ')} printed nothing as if the database were empty`);
      assert.equal(existsSync(missing), false, `kith ${args.join(' ')} created the file`);
    }
    // Those that make a database still do: keys create (the README's first step), then the others find it.
    const created = await kith(['keys', 'create', '--app', 'a'], typo);
    assert.equal(created.code, 0, created.stderr);
    const list = await kith(['keys', 'list'], typo);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /\ta\ttest\tkith_test_/);
  });

  it('exit 2 for bad usage, naming the command --help; exit 1 for an error that is not one', async () => {
    const usage: [string[], RegExp][] = [
      [['keys', 'create'], /keys create needs --app NAME \(see kith keys --help\)/],
      [['keys', 'create', '--app', 'a', '--env', 'prod'], /--env must be test or live \(see kith keys --help\)/],
      // A .vcf or .csv without --user is a missing option, told before the file is read (it exited 1).
      [['import', 'contacts.vcf', '--key', 'k'], /pass --user ID.*\(see kith import --help\)/],
      [['import', 'contacts.xml', '--key', 'k'], /pass --format jsonl\|vcard\|csv \(see kith import --help\)/],
      [['client-keys', 'create', '--bogus'], /client-keys: unknown option --bogus \(see kith client-keys --help\)/],
      [['client-keys', 'create', '--app', 'a'], /client-keys create needs --user ID \(see kith client-keys --help\)/],
      [['apps', 'cors'], /--app NAME is required \(see kith apps --help\)/],
    ];
    for (const [args, message] of usage) {
      const r = await kith(args, { ...env, KITH_API_KEY: '' });
      assert.equal(r.code, 2, `kith ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, `kith ${args.join(' ')}`);
    }
    // Used right, but what it names is not there: errors, exit 1, and no pointer to --help.
    const errors: [string[], RegExp][] = [
      [['keys', 'revoke', 'nonsense'], /no active key matches "nonsense"/],
      [['keys', 'list', '--app', 'no-such-app'], /no app named "no-such-app"/],
      [['client-keys', 'revoke', '--app', 'no-such-app'], /no app named "no-such-app"/],
    ];
    for (const [args, message] of errors) {
      const r = await kith(args, env);
      assert.equal(r.code, 1, `kith ${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, message, `kith ${args.join(' ')}`);
      assert.doesNotMatch(r.stderr, /--help/, `kith ${args.join(' ')}`);
    }
  });

  it('serve on a port in use exits 1 naming the port and how to choose another', async () => {
    const { createServer } = await import('node:net');
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    const port = (taken.address() as { port: number }).port;
    try {
      const r = await kith(['serve', '--port', String(port), '--host', '127.0.0.1'], { ...env, KITH_WORKERS: '0' });
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is in use by another program.*PORT=9090 npm start.*--port 9090`));
    } finally {
      await new Promise((r) => taken.close(r));
    }
  });

  it('serve --port/--host listens where asked and logs the URLs', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, 'bin/kith.mjs'), 'serve', '--port', String(port), '--host', '127.0.0.1'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: '1', KITH_WORKERS: '0' },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('listening on') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 100));
      assert.match(out, new RegExp(`listening on http://127\\.0\\.0\\.1:${port}`), out);
      for (const path of ['/docs', '/playground', '/v0/openapi.json', '/metrics'])
        assert.ok(out.includes(`http://127.0.0.1:${port}${path}`), `the log names ${path}`);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(home.status, 200);
      assert.equal(((await home.json()) as { links: { docs: string } }).links.docs, '/docs');
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('close', r));
    }
  });
});
