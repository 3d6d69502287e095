/**
 * The compiled build for production (`npm run build`, README "Production"): scripts/build.mjs compiles
 * the sources into a folder, and the compiled server and CLI run from it with node alone, no tsx: the
 * book workers, the SQLite upload writer and the key indexer are threads that load the compiled modules
 * (lib/thread-module.ts), the playground and the widget are served from the copied files. Checked end to
 * end through HTTP on every engine that is up: a worker-sized upload, its GET, its key index written
 * (the index queue drains), and the CLI's version and key creation.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { threadModule } from '../../src/lib/thread-module.ts';
import { ENGINES, engineSkip, makeTestStorage } from '../helpers/engines.ts';
import { call, startServerProcess, stopServerProcess } from '../helpers/server-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

describe('threadModule: the module a thread loads', () => {
  it('is the TypeScript source beside a TypeScript caller, the compiled .js beside a compiled one', () => {
    assert.equal(threadModule('./book-worker.ts', 'file:///app/src/workers/pool.ts'), 'file:///app/src/workers/book-worker.ts');
    assert.equal(threadModule('./book-worker.ts', 'file:///app/dist/src/workers/pool.js'), 'file:///app/dist/src/workers/book-worker.js');
    assert.equal(threadModule('../storage/x.ts', 'file:///app/dist/src/workers/pool.js'), 'file:///app/dist/src/storage/x.js');
    // Only the extension of the module changes: a folder named like a file keeps its name.
    assert.equal(threadModule('./a.ts.d/b.ts', 'file:///app/dist/c.js'), 'file:///app/dist/a.ts.d/b.js');
  });
});

describe('the compiled build (npm run build)', () => {
  const out = join(ROOT, `.build-test-${process.pid}`);
  let built: { status: number | null; output: string };
  before(() => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--out', out], { cwd: ROOT, encoding: 'utf8' });
    built = { status: r.status, output: `${r.stdout}${r.stderr}` };
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('compiles the sources and copies what they serve and run as it is', () => {
    assert.equal(built.status, 0, built.output);
    for (const f of ['src/server.js', 'src/cli/main.js', 'src/workers/book-worker.js', 'src/storage/sqlite-writer.js', 'src/storage/indexer-thread.js']) {
      assert.ok(existsSync(join(out, f)), `${f} is emitted`);
    }
    for (const f of [
      'src/lib/thread-boot.mjs',
      'src/storage/checkpointer.mjs',
      'src/http/playground/index.html',
      'src/http/widget/widget.js',
      'package.json',
    ]) {
      assert.ok(existsSync(join(out, f)), `${f} is copied`);
    }
    // Relative imports point at the emitted .js files, never at the TypeScript sources.
    const cli = readFileSync(join(out, 'src/cli/main.js'), 'utf8');
    assert.match(cli, /import\("\.\.\/config\.js"\)/);
    assert.doesNotMatch(cli, /import\("[^"]*\.ts"\)/);
  });

  it('rejects an output folder outside the repository, naming the option', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--out', '/tmp/kith-build-elsewhere'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /--out must be a folder directly under/);
    assert.ok(!existsSync('/tmp/kith-build-elsewhere'), 'nothing is written there');
  });

  it('the compiled CLI runs with node alone', () => {
    assert.equal(built.status, 0, built.output);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = spawnSync(process.execPath, [join(out, 'src/cli/main.js'), '--version'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), `kith ${version}`);
  });

  for (const engine of ENGINES) {
    it(`the compiled server answers through HTTP on ${engine}: worker, writer and indexer threads included`, async (t) => {
      const skip = await engineSkip(engine);
      if (skip) return t.skip(skip);
      assert.equal(built.status, 0, built.output);
      const db = await makeTestStorage(engine);
      let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
      try {
        // A key made by the compiled CLI, on the test's database.
        const made = spawnSync(process.execPath, [join(out, 'src/cli/main.js'), 'keys', 'create', '--app', 'built'], {
          cwd: ROOT,
          encoding: 'utf8',
          env: { ...process.env, DATABASE_URL: db.url },
        });
        assert.equal(made.status, 0, made.stderr);
        const key = made.stdout.trim().split('\n').pop()!;
        assert.match(key, /^kith_(test|live)_/);
        server = await startServerProcess(db.url, { KITH_WORKERS: '1' }, { script: join(out, 'src/server.js') });
        // 600 entries: a body over the 32 KB that sends an upload to a book worker.
        const entries = Array.from({ length: 600 }, (_, i) => ({ name: `Person ${i}`, email: `person${i}@example.com`, times_contacted: i % 9 }));
        const body = { user_id: 'owner', source: { email: 'owner@example.com' }, entries };
        assert.ok(JSON.stringify(body).length > 32 * 1024);
        const posted = await call(server.base, 'POST', '/v0/address-book', key, body);
        assert.equal(posted.status, 200, posted.text);
        assert.equal(posted.body.data.length, 600);
        assert.equal(posted.body.meta.cleaning.entries_read, 600);
        const got = await call(server.base, 'GET', '/v0/address-book/owner', key);
        assert.equal(got.status, 200, got.text);
        assert.deepEqual(
          got.body.data.map((c: { email: string }) => c.email),
          posted.body.data.map((c: { email: string }) => c.email),
        );
        // The key index is written after the acknowledgment by the indexer thread: the queue drains.
        const deadline = Date.now() + 30_000;
        for (;;) {
          const m = await call(server.base, 'GET', '/metrics', '');
          const queued = /^kith_index_queue_uploads (\S+)$/m.exec(m.text)?.[1];
          if (queued === '0') break;
          assert.ok(Date.now() < deadline, `the index queue did not drain (kith_index_queue_uploads ${queued})`);
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.equal((await db.storage.indexQueueStats()).uploads, 0);
        const page = await call(server.base, 'GET', '/playground', '');
        assert.equal(page.status, 200);
        assert.match(page.text, /<html/i);
      } finally {
        await stopServerProcess(server);
        await db.cleanup();
      }
    });
  }
});
