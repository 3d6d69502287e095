/**
 * A server started while its database is not reachable yet waits for it (KITH_DB_WAIT_SECONDS), then
 * migrates and serves: a real server process on PostgreSQL and on Citus, reached through a TCP relay
 * that does not listen until the test has seen the server say it is waiting. It gives up after the
 * wait with a message, and stops at once on a failure that waiting cannot mend (a database that does
 * not exist). No timings are asserted.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createApiKey } from '../../src/services/keys.ts';
import { baseUrlOf, engineSkip, makeTestStorage, type TestStorage } from '../helpers/engines.ts';
import { freePort } from '../helpers/free-port.ts';
import { call, type ServerProcess, startServerProcess, stopServerProcess } from '../helpers/server-process.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WAITING = /the database is not reachable yet/;

/** A TCP relay from 127.0.0.1:`port` to `to` (host, port), listening once `open()` is called. */
function relay(port: number, to: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  return {
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = createServer((client) => {
          const upstream = createConnection(to);
          for (const s of [client, upstream]) {
            sockets.add(s);
            s.on('error', () => {});
            s.on('close', () => {
              sockets.delete(s);
              client.destroy();
              upstream.destroy();
            });
          }
          client.pipe(upstream).pipe(client);
        });
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

/** Runs a server process to its exit: its status and everything it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', KITH_WORKERS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: string[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => out.push(d.toString()));
    child.on('close', (code) => resolve({ code, output: out.join('') }));
  });
}

for (const engine of ['postgres', 'citus'] as const) {
  describe(`a server started before its database is reachable, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let db: TestStorage;
    let server: ServerProcess | undefined;
    let link: ReturnType<typeof relay>;
    const output: string[] = [];

    before(async () => {
      db = await makeTestStorage(engine, { migrate: false });
      const real = new URL(db.url);
      const port = await freePort();
      link = relay(port, { host: real.hostname, port: Number(real.port || 5432) });
      const viaRelay = new URL(db.url);
      viaRelay.hostname = '127.0.0.1';
      viaRelay.port = String(port);
      const started = startServerProcess(viaRelay.toString(), { KITH_DB_WAIT_SECONDS: '120' }, { output });
      started.catch(() => {}); // awaited below
      for (let i = 0; i < 600 && !WAITING.test(output.join('')); i++) await new Promise((r) => setTimeout(r, 100));
      await link.open();
      server = await started;
    });

    after(async () => {
      await stopServerProcess(server);
      await link?.close();
      await db?.cleanup();
    });

    it('said it was waiting, without the database URL, then migrated and serves', async () => {
      const said = output.join('');
      assert.match(said, WAITING);
      assert.match(said, /KITH_DB_WAIT_SECONDS/);
      assert.ok(!said.includes('postgres://'), 'the URL (it may hold a password) is not printed');
      // The server made the tables: a key made beside it is accepted.
      const { key } = await createApiKey(db.storage, { app: 'db-wait', env: 'live' });
      const up = await call(server!.base, 'POST', '/v0/address-book', key, {
        user_id: 'w',
        source: {},
        entries: [{ name: 'Ana', email: 'ana@db-wait.example' }],
      });
      assert.equal(up.status, 200, up.text);
      const got = await call(server!.base, 'GET', '/v0/address-book/w', key);
      assert.equal(got.status, 200, got.text);
      assert.deepEqual(
        (got.body as { data: { email: string }[] }).data.map((c) => c.email),
        ['ana@db-wait.example'],
      );
    });
  });
}

describe('a server whose database never comes', () => {
  it('gives up after KITH_DB_WAIT_SECONDS with a message naming it, and exits 1', async () => {
    const port = await freePort(); // nothing listens there
    const r = await runToExit({ DATABASE_URL: `postgres://kith:secret@127.0.0.1:${port}/kith`, PORT: String(await freePort()), KITH_DB_WAIT_SECONDS: '1' });
    assert.equal(r.code, 1, r.output);
    assert.match(r.output, WAITING);
    assert.match(r.output, /kith: could not start: the database was not reachable for 1 s \(KITH_DB_WAIT_SECONDS\)/);
    assert.ok(!r.output.includes('secret'), 'the password is not printed');
  });

  it('with KITH_DB_WAIT_SECONDS=0, exits at once without waiting', async () => {
    const port = await freePort();
    const r = await runToExit({ DATABASE_URL: `postgres://127.0.0.1:${port}/kith`, PORT: String(await freePort()), KITH_DB_WAIT_SECONDS: '0' });
    assert.equal(r.code, 1, r.output);
    assert.doesNotMatch(r.output, WAITING);
    assert.match(r.output, /kith: could not start: the database was not reachable: /);
  });
});

describe('a server whose database does not exist', { skip: await engineSkip('postgres') }, () => {
  it('stops at once: waiting cannot mend it', async () => {
    const url = new URL(baseUrlOf('postgres'));
    url.pathname = '/kith_db_wait_no_such_database';
    const r = await runToExit({ DATABASE_URL: url.toString(), PORT: String(await freePort()), KITH_DB_WAIT_SECONDS: '120' });
    assert.equal(r.code, 1, r.output);
    assert.doesNotMatch(r.output, WAITING);
    assert.match(r.output, /kith: could not start: /);
  });
});
