/**
 * The asynchronous key index (issue #13) on both engines: an acknowledged upload's index is written
 * after the acknowledgment, from a durable queue. A crash between the commit and the index loses
 * nothing (a server finishes the work at start-up), a SIGKILL in the middle of a backfill loses nothing
 * acknowledged, and a DELETE wins over index work still pending (deleted data never comes back).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { indexedKeyStatsOf, indexKeysOf } from '../../src/domain/normalize.ts';
import { createApiKey } from '../../src/services/keys.ts';
import { runIndexer } from '../../src/storage/indexer.ts';
import { KyselyStorage } from '../../src/storage/kysely-storage.ts';
import { indexWorkChannel } from '../../src/storage/pg-listen.ts';
import { openPostgres } from '../../src/storage/postgres.ts';
import type { Storage } from '../../src/storage/types.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { withPgClient } from '../helpers/pg-client.ts';
import { call, startServerProcess, stopServerProcess, type ServerProcess } from '../helpers/server-process.ts';
import { fakeUpload, manyContacts, rawRows } from './fixtures.ts';

const T = 'app_index:live';
/** Longest wait for a server's indexer to empty the queue (ms). */
const DRAIN_TIMEOUT_MS = 60_000;

/** Rows left in index_queue, read directly (never doing the work ourselves). */
async function queued(url: string): Promise<number> {
  return (await rawRows(url, 'index_queue')).length;
}

async function waitDrained(url: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while ((await queued(url)) > 0) {
    if (Date.now() > deadline) throw new Error(`index queue not drained by the server: ${server.output.join('')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The key index agrees with the books: for every (tenant, user), the contact_keys rows are exactly the
 * index keys of its stored uploads, and owner_keys exactly their owner keys.
 */
async function assertIndexMatchesBooks(s: Storage, url: string): Promise<void> {
  const keyRows = await rawRows(url, 'contact_keys');
  const ownerRows = await rawRows(url, 'owner_keys');
  const users = new Set([...keyRows, ...ownerRows].map((r) => `${r.tenant}\u0000${r.user_id}`));
  for (let after = null as null | { tenant: string; userId: string }; ; ) {
    const page = await s.listBooks(after, 100);
    if (page.length === 0) break;
    for (const b of page) users.add(`${b.tenant}\u0000${b.userId}`);
    after = page[page.length - 1]!;
  }
  for (const u of users) {
    const [tenant, userId] = u.split('\u0000') as [string, string];
    const book = await s.loadBook(tenant, userId);
    const expectedKeys = book === null ? [] : [...new Set(indexKeysOf(book.entries))].sort();
    const haveKeys = keyRows
      .filter((r) => r.tenant === tenant && r.user_id === userId)
      .map((r) => String(r.key))
      .sort();
    assert.deepEqual(haveKeys, expectedKeys, `contact_keys of ${userId} follow its stored uploads`);
    const expectedOwners = book === null ? [] : [...book.ownerKeys].sort();
    const haveOwners = ownerRows
      .filter((r) => r.tenant === tenant && r.user_id === userId)
      .map((r) => String(r.key))
      .sort();
    assert.deepEqual(haveOwners, expectedOwners, `owner_keys of ${userId} follow its stored uploads`);
  }
}

for (const engine of ENGINES) {
  describe(`asynchronous key index on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('a crash between commit and index loses nothing: a server started later writes the index', () =>
      withStorage(engine, async (s, url) => {
        // Committed and acknowledged, no indexer running: exactly what a crash right after the commit leaves.
        for (let u = 0; u < 12; u++) await s.appendUpload(T, fakeUpload(`u${u}`, manyContacts(40, `c${u % 3}`), { ownerEmail: `u${u}@home.com` }));
        assert.equal(await queued(url), 12);
        assert.equal((await rawRows(url, 'contact_keys')).length, 0, 'nothing indexed yet');
        // The owner's own book does not wait for the index.
        assert.equal((await s.loadBook(T, 'u0'))?.entries.length, 40);
        const server = await startServerProcess(url);
        try {
          await waitDrained(url, server);
        } finally {
          await stopServerProcess(server);
        }
        await assertIndexMatchesBooks(s, url);
      }));

    it('SIGKILL in the middle of a backfill: everything acknowledged is stored and indexed after a restart', () =>
      withStorage(engine, async (s, url) => {
        const { key } = await createApiKey(s, { app: 'crash', env: 'live' });
        let server: ServerProcess | undefined = await startServerProcess(url);
        const acked: string[] = [];
        try {
          const USERS = 40;
          let next = 0;
          let killed = false;
          const base = server.base;
          const senders = Array.from({ length: 4 }, async () => {
            while (next < USERS && !killed) {
              const u = next++;
              const entries = Array.from({ length: 300 }, (_, j) => ({
                name: `P ${u} ${j}`,
                email: `p${j % 120}.c${u % 4}@example.com`,
                phones: [
                  `+1415555${String(u * 300 + j)
                    .padStart(4, '0')
                    .slice(-4)}`,
                ],
              }));
              const r = await call(base, 'POST', '/v0/address-book', key, {
                user_id: `k${u}`,
                source: { email: `k${u}@home.com` },
                entries,
                backfill: 1,
              }).catch(() => null);
              if (r?.status === 200) acked.push(`k${u}`);
              // Killed right after some acknowledgments, with requests and index work in flight.
              if (acked.length === 10 && !killed) {
                killed = true;
                await stopServerProcess(server, 'SIGKILL');
              }
            }
          });
          await Promise.all(senders);
          assert.ok(killed && acked.length >= 10, 'the server was killed mid-backfill');
          server = await startServerProcess(url);
          await waitDrained(url, server);
        } finally {
          await stopServerProcess(server);
        }
        for (const u of acked) assert.equal((await s.loadBook(await tenantOfKey(url), u))?.entries.length, 300, `acknowledged upload of ${u} stored`);
        await assertIndexMatchesBooks(s, url);
      }));

    it('a DELETE wins over pending index work, whoever runs first', () =>
      withStorage(engine, async (s, url) => {
        for (let round = 0; round < 6; round++) {
          const user = `gone${round}`;
          await s.appendUpload(T, fakeUpload(user, manyContacts(30, 'shared'), { ownerEmail: `${user}@home.com` }));
          if (round % 2 === 1) await s.flushIndex(); // half the rounds: part of the book indexed already
          await s.appendUpload(T, fakeUpload(user, manyContacts(30, `own${round}`), { ownerEmail: `${user}@work.com` }));
          // Two indexers and the DELETE at once, in a different order each round.
          const work = [s.indexPending(), s.indexPending()];
          const del = s.deleteBook(T, user);
          const order = round % 3 === 0 ? [del, ...work] : [...work, del];
          await Promise.all(order);
          assert.equal(await del, true);
          await s.flushIndex();
          assert.equal(await s.loadBook(T, user), null);
          for (const table of ['contact_keys', 'owner_keys', 'index_queue', 'uploads']) {
            const left = (await rawRows(url, table)).filter((r) => r.user_id === user);
            assert.deepEqual(left, [], `round ${round}: rows of the deleted user in ${table}`);
          }
        }
        await assertIndexMatchesBooks(s, url);
      }));

    it("an upload whose index rows the database refuses holds up nobody else's, and stays queued", () =>
      withStorage(engine, async (s, url) => {
        // A key past PostgreSQL's B-tree row limit stands for any value the database refuses (a date past
        // bigint did it once): it failed the whole round, every round, and every upload queued behind it.
        const bad = fakeUpload('stuck', manyContacts(3, 'stuck'), { createdAt: 1 });
        bad.keyStats = [...bad.keyStats, { key: `e:${randomBytes(6000).toString('base64')}@example.com`, times: 1, lastSent: null, lastReceived: null }];
        await s.appendUpload('app_other:live', bad);
        for (let i = 0; i < 4; i++) await s.appendUpload(T, fakeUpload(`fine${i}`, manyContacts(20, `fine${i}`), { ownerEmail: `fine${i}@home.com` }));
        for (let round = 0; round < 6; round++) await s.indexPending().catch(() => {});
        const keys = await rawRows(url, 'contact_keys');
        for (let i = 0; i < 4; i++) assert.equal(keys.filter((r) => r.user_id === `fine${i}`).length, 40, `fine${i} indexed`);
        const queued = (await rawRows(url, 'index_queue')).map((r) => r.user_id);
        // SQLite takes the long key; PostgreSQL keeps the upload queued (retried at the back of the queue).
        assert.deepEqual(queued, engine === 'sqlite' ? [] : ['stuck']);
        assert.equal((await s.loadBook('app_other:live', 'stuck'))?.entries.length, 3, 'the upload itself is stored');
      }));
  });
}

// SQLite's writers share one lock: its indexer writes a round in chunks, yielding the lock between them
// (EngineProfile.indexChunkRows). PostgreSQL claims books under their user locks instead (tests above).
describe('asynchronous key index on sqlite, written in chunks', { skip: await engineSkip('sqlite') }, () => {
  /** Three users, of 40, 25 and 1 contacts (two with an e-mail and a phone each: 161 key rows, 3 owner rows). */
  async function threeUploads(s: Storage): Promise<void> {
    await s.appendUpload(T, fakeUpload('a', manyContacts(40, 'a'), { ownerEmail: 'a@home.com' }));
    await s.appendUpload(T, fakeUpload('b', manyContacts(25, 'shared'), { ownerEmail: 'b@home.com' }));
    await s.appendUpload(T, fakeUpload('c', manyContacts(1, 'shared'), { ownerEmail: 'c@home.com' }));
  }

  it('gives the same index as one transaction, whatever the chunk size', () =>
    withStorage('sqlite', async (s, url) => {
      await threeUploads(s);
      const chunks: number[] = [];
      const r = await s.indexPending(64, { chunkRows: 7, beforeChunk: (c) => void chunks.push(c) });
      assert.equal(r.uploads, 3);
      assert.equal(chunks.length, Math.ceil((80 + 50 + 2 + 3) / 7), 'every row in a chunk of at most 7');
      assert.equal(await queued(url), 0);
      await assertIndexMatchesBooks(s, url);
      // The default chunks (the engine's own size) write the same rows.
      await s.appendUpload(T, fakeUpload('d', manyContacts(300, 'd'), { ownerEmail: 'd@home.com' }));
      await s.flushIndex();
      await assertIndexMatchesBooks(s, url);
    }));

  it('chunks share a transaction while no writer waits; a DELETE that waits meanwhile still wins', () =>
    withStorage('sqlite', async (s, url) => {
      await threeUploads(s);
      // No one watching chunk by chunk: the engine's transactions take several chunks at once.
      const r = await s.indexPending(64, { chunkRows: 7 });
      assert.equal(r.uploads, 3);
      assert.equal(await queued(url), 0);
      await assertIndexMatchesBooks(s, url);
      // A DELETE sent while a round runs waits for the lock; the round commits, lets it go first, and
      // nothing of the deleted book comes back, wherever in the round it fell.
      await s.appendUpload(T, fakeUpload('d', manyContacts(300, 'd'), { ownerEmail: 'd@home.com' }));
      await s.appendUpload(T, fakeUpload('e', manyContacts(300, 'e'), { ownerEmail: 'e@home.com' }));
      const round = s.indexPending(64, { chunkRows: 7 });
      const deleted = await s.deleteBook(T, 'd');
      await round;
      assert.equal(deleted, true);
      await s.flushIndex();
      for (const table of ['contact_keys', 'owner_keys', 'index_queue', 'uploads']) {
        assert.deepEqual(
          (await rawRows(url, table)).filter((x) => x.user_id === 'd'),
          [],
          `rows of the deleted user in ${table}`,
        );
      }
      await assertIndexMatchesBooks(s, url);
    }));

  it('a DELETE between two chunks wins: none of the deleted book comes back, the others are indexed', () =>
    withStorage('sqlite', async (s, url) => {
      await threeUploads(s);
      const r = await s.indexPending(64, {
        chunkRows: 10,
        beforeChunk: async (c) => {
          if (c === 3) assert.equal(await s.deleteBook(T, 'a'), true); // 'a' is half indexed
        },
      });
      assert.equal(r.uploads, 2, 'the deleted upload is not counted as indexed');
      for (const table of ['contact_keys', 'owner_keys', 'index_queue', 'uploads']) {
        assert.deepEqual(
          (await rawRows(url, table)).filter((x) => x.user_id === 'a'),
          [],
          `rows of the deleted user in ${table}`,
        );
      }
      assert.equal(await queued(url), 0);
      await assertIndexMatchesBooks(s, url);
    }));

  it('a failure between two chunks loses nothing: the next round writes the rest', () =>
    withStorage('sqlite', async (s, url) => {
      await threeUploads(s);
      await assert.rejects(
        s.indexPending(64, {
          chunkRows: 10,
          beforeChunk: (c) => {
            if (c === 9) throw new Error('the indexer died here');
          },
        }),
      );
      // 'a' (80 rows + 1 owner row) went in the first 9 chunks with 9 rows of 'b', which is still queued.
      const left = (await rawRows(url, 'index_queue')).map((x) => x.user_id).sort();
      assert.deepEqual(left, ['b', 'c']);
      assert.ok(
        (await rawRows(url, 'contact_keys')).some((x) => x.user_id === 'b'),
        "part of b's rows were written",
      );
      await s.flushIndex();
      assert.equal(await queued(url), 0);
      await assertIndexMatchesBooks(s, url);
    }));

  it('a re-clean between two chunks wins: the rebuilt index stands', () =>
    withStorage('sqlite', async (s, url) => {
      await threeUploads(s);
      const r = await s.indexPending(64, {
        chunkRows: 10,
        beforeChunk: async (c) => {
          if (c !== 2) return;
          // A re-clean rewrites 'a' (half indexed) and rebuilds its key index from its uploads.
          const uploads = await s.loadStoredUploads(T, 'a');
          const book = await s.loadBook(T, 'a');
          const ok = await s.rewriteBook(
            T,
            'a',
            uploads.map((u) => ({
              seq: u.seq,
              sourceKey: u.sourceKey,
              normalized: book!.entries,
              ownerKeys: u.ownerKeys,
              keyStats: indexedKeyStatsOf(book!.entries),
            })),
          );
          assert.equal(ok, true);
        },
      });
      assert.equal(r.uploads, 2);
      assert.equal(await queued(url), 0);
      await assertIndexMatchesBooks(s, url);
    }));
});

/** The tenant of the only app key in the database (the test made one). */
async function tenantOfKey(url: string): Promise<string> {
  const keys = await rawRows(url, 'api_keys');
  return `${keys[0]!.app_id}:${keys[0]!.env}`;
}

// PostgreSQL announces index work (LISTEN/NOTIFY): an idle indexer sleeps long and wakes when an upload
// commits, on any server; on Citus a poll is a query fanned out to every shard of index_queue.
for (const engine of ['postgres', 'citus'] as const) {
  describe(`announced index work on ${engine}`, { skip: await engineSkip(engine) }, () => {
    /** The pids of the connections listening on the channel of `url`'s schema. */
    const listeners = (url: string) =>
      withPgClient(url, async (c, schema) => {
        const r = await c.query<{ pid: number }>('select pid from pg_stat_activity where query = $1', [`listen "${indexWorkChannel(schema)}"`]);
        return r.rows.map((x) => x.pid);
      });
    const until = async (what: string, done: () => Promise<boolean>) => {
      const deadline = Date.now() + 30_000;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };

    it("an idle indexer is woken by another server's upload, and again after its listening connection is killed", () =>
      withStorage(engine, async (s, url) => {
        // The indexer as a server's indexer thread runs it, on its own connections; its idle poll is ten
        // minutes, so only the announcement can wake it within this test.
        const indexer = new KyselyStorage(await openPostgres(url));
        const stop = runIndexer(indexer, { idlePollMs: 600_000 });
        try {
          await until('the indexer listens', async () => (await listeners(url)).length === 1);
          await new Promise((r) => setTimeout(r, 300)); // its first rounds done: asleep
          await s.appendUpload(T, fakeUpload('w1', manyContacts(20, 'w1'), { ownerEmail: 'w1@home.com' }));
          await until('the announced upload is indexed', async () => (await queued(url)) === 0);
          assert.equal((await rawRows(url, 'contact_keys')).filter((r) => r.user_id === 'w1').length, 40);

          // Its connection killed (a restart, a network cut): it listens again on a new one, and hears.
          const [pid] = await listeners(url);
          await withPgClient(url, (c) => c.query('select pg_terminate_backend($1::int)', [pid]));
          await until('the indexer listens again', async () => {
            const now = await listeners(url);
            return now.length === 1 && now[0] !== pid;
          });
          await new Promise((r) => setTimeout(r, 300));
          await s.appendUpload(T, fakeUpload('w2', manyContacts(20, 'w2'), { ownerEmail: 'w2@home.com' }));
          await until('the upload after the reconnection is indexed', async () => (await queued(url)) === 0);
          await assertIndexMatchesBooks(s, url);
        } finally {
          await stop();
          await indexer.close();
        }
        assert.deepEqual(await listeners(url), [], 'stopping the indexer closes its listening connection');
      }));
  });
}
