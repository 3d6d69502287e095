/**
 * Atomicity and concurrency over real HTTP, on both engines: concurrent uploads for one user lose
 * nothing, a DELETE racing uploads leaves a consistent book (each upload whole or absent, in the book
 * and in its derived rows), and an upload whose storage fails part-way leaves nothing behind.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { answerUpload } from '../../src/services/address-book-answers.ts';
import { AddressBookService } from '../../src/services/address-book.ts';
import { StorageError } from '../../src/storage/errors.ts';
import { startApi, tenantOfKey, type TestApi } from '../helpers/api.ts';
import { dumpAllRows } from '../helpers/db-scan.ts';
import { execSql } from '../helpers/exec-sql.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

/** Concurrent uploads for one user (the issue asks for 20). */
const CONCURRENT_UPLOADS = 20;
/** Entries per concurrent upload: each batch's contacts are its own. */
const ENTRIES_PER_UPLOAD = 10;
/** Rounds of the DELETE-vs-uploads race: each round is one chance to interleave differently. */
const RACE_ROUNDS = 4;

/** `n` distinct, plainly invitable contacts of batch `b` (nothing a junk filter would drop). */
function batchEntries(tag: string, b: number, n: number, extra: Record<string, unknown> = {}) {
  return Array.from({ length: n }, (_, j) => ({ name: `Person ${tag} ${b} ${j}`, email: `p${b}x${j}.${tag}@example.com`, ...extra }));
}

/** Batch number of an e-mail made by batchEntries, or null. */
function batchOf(email: string, tag: string): number | null {
  const m = new RegExp(`^p(\\d+)x\\d+\\.${tag}@example\\.com$`, 'i').exec(email);
  return m ? Number(m[1]) : null;
}

for (const engine of ENGINES) {
  describe(`concurrency and atomicity on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it(`${CONCURRENT_UPLOADS} concurrent uploads for one user lose nothing`, async () => {
      const tag = 'conc';
      const user = 'many-at-once';
      // Every batch also carries one shared contact, contacted b times: concurrent upserts of one
      // key must keep the largest count, not whichever commit came last.
      const replies = await Promise.all(
        Array.from({ length: CONCURRENT_UPLOADS }, (_, b) =>
          api.post('/v0/address-book', {
            user_id: user,
            source: { type: 'ios' },
            entries: [...batchEntries(tag, b, ENTRIES_PER_UPLOAD), { name: 'Shared Friend', email: 'shared.friend@example.com', times_contacted: b }],
            backfill: b % 2,
          }),
        ),
      );
      for (const r of replies) assert.equal(r.status, 200, r.text);
      assert.equal(new Set(replies.map((r) => r.body.batch_id)).size, CONCURRENT_UPLOADS, 'one batch id per upload');

      const book = await api.get(`/v0/address-book/${user}`);
      assert.equal(book.status, 200, book.text);
      const perBatch = new Map<number, number>();
      for (const c of book.body.data as { emails: string[] }[]) {
        for (const e of c.emails) {
          const b = batchOf(e, tag);
          if (b !== null) perBatch.set(b, (perBatch.get(b) ?? 0) + 1);
        }
      }
      for (let b = 0; b < CONCURRENT_UPLOADS; b++) assert.equal(perBatch.get(b), ENTRIES_PER_UPLOAD, `batch ${b}`);
      assert.equal(book.body.meta.total_count, CONCURRENT_UPLOADS * ENTRIES_PER_UPLOAD + 1);

      await api.storage.flushIndex(); // the key index follows the acknowledgment (issue #13)
      const rows = await dumpAllRows(api.url);
      const uploads = rows.filter((r) => r.startsWith('uploads: ') && r.includes(`"user_id":"${user}"`));
      assert.equal(uploads.length, CONCURRENT_UPLOADS);
      for (const r of replies)
        assert.ok(
          uploads.some((u) => u.includes(r.body.batch_id)),
          `batch ${r.body.batch_id} stored`,
        );
      const shared = rows.find((r) => r.startsWith('contact_keys: ') && r.includes('shared.friend@example.com') && r.includes(`"user_id":"${user}"`));
      assert.ok(shared);
      assert.equal(JSON.parse(shared.slice('contact_keys: '.length)).times, CONCURRENT_UPLOADS - 1, 'the largest count wins');
    });

    it('a DELETE racing uploads leaves a consistent book: each upload entirely there or entirely gone', async () => {
      const UPLOADS = 8;
      for (let round = 0; round < RACE_ROUNDS; round++) {
        const tag = `race${round}`;
        const user = `racer-${round}`;
        // A book exists before the race, so the DELETE always has something to remove.
        const first = await api.post('/v0/address-book', { user_id: user, source: {}, entries: batchEntries(tag, 99, 3), backfill: 1 });
        assert.equal(first.status, 200, first.text);
        const uploads = Array.from({ length: UPLOADS }, (_, b) =>
          api.post('/v0/address-book', { user_id: user, source: {}, entries: batchEntries(tag, b, ENTRIES_PER_UPLOAD), backfill: 1 }),
        );
        // The DELETE goes out in the middle of the uploads, at a different point each round.
        await new Promise((r) => setTimeout(r, round));
        const del = api.del(`/v0/address-book/${user}`);
        const [delReply, ...upReplies] = await Promise.all([del, ...uploads]);
        assert.equal(delReply.status, 200, delReply.text);
        // An upload that arrived before the DELETE and reached the database after it is refused (409,
        // nothing stored: the deletion tombstone); any other is stored.
        for (const r of upReplies) assert.ok(r.status === 200 || (r.status === 409 && r.body.code === 'address_book_deleted'), r.text);

        // The book as the API sees it: every batch whole or absent; the pre-existing one gone.
        const book = await api.get(`/v0/address-book/${user}`);
        const seen = new Map<number, number>();
        if (book.status === 200) {
          for (const c of book.body.data as { emails: string[] }[]) {
            for (const e of c.emails) {
              const b = batchOf(e, tag);
              if (b !== null) seen.set(b, (seen.get(b) ?? 0) + 1);
            }
          }
        } else assert.equal(book.status, 404, book.text);
        assert.equal(seen.get(99), undefined, `round ${round}: the book uploaded before the DELETE survived it`);
        for (const [b, n] of seen) assert.equal(n, ENTRIES_PER_UPLOAD, `round ${round}: batch ${b} is partial (${n} entries)`);
        for (const [b, r] of upReplies.entries()) if (r.status === 409) assert.equal(seen.get(b), undefined, `round ${round}: batch ${b} refused but stored`);

        // The derived rows agree with the book: a batch's keys exist exactly when its upload does, once
        // the index work left by the race is done (a DELETE wins over it: nothing deleted comes back).
        await api.storage.flushIndex();
        const rows = await dumpAllRows(api.url);
        const keyCount = new Map<number, number>();
        for (const r of rows) {
          if (!r.startsWith('contact_keys: ') || !r.includes(`"user_id":"${user}"`)) continue;
          const key = JSON.parse(r.slice('contact_keys: '.length)).key as string;
          const b = batchOf(key.replace(/^e:/, ''), tag);
          if (b !== null) keyCount.set(b, (keyCount.get(b) ?? 0) + 1);
        }
        for (let b = 0; b < UPLOADS; b++) {
          const inBook = seen.has(b);
          const keys = keyCount.get(b) ?? 0;
          assert.equal(
            keys,
            inBook ? ENTRIES_PER_UPLOAD : 0,
            `round ${round}: batch ${b} is ${inBook ? 'in' : 'not in'} the book but has ${keys} contact keys`,
          );
        }
      }
    });

    it('an upload whose storage fails part-way stores nothing', async () => {
      const user = 'half-way';
      assert.equal((await api.post('/v0/address-book', { user_id: user, source: {}, entries: batchEntries('pre', 0, 2) })).status, 200);
      const bookBefore = (await api.get(`/v0/address-book/${user}`)).body.data;
      // A real fault inside the transaction: the index_queue row is written after the upload row, and
      // this trigger makes that last write fail for one owner address.
      await execSql(
        api.url,
        `create trigger kith_fail_owner before insert on index_queue when new.owner_keys like '%fail-here%' begin select raise(abort, 'injected failure'); end;`,
        `create function kith_fail_owner() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
         create trigger kith_fail_owner before insert on index_queue for each row when (new.owner_keys like '%fail-here%') execute function kith_fail_owner();`,
      );
      try {
        await api.storage.flushIndex(); // the background indexer changes nothing more meanwhile
        const before = (await dumpAllRows(api.url)).sort();
        const r = await api.post('/v0/address-book', {
          user_id: user,
          source: { email: 'owner@fail-here.example' },
          entries: batchEntries('half', 1, 50),
        });
        assert.equal(r.status, 500, r.text);
        assert.equal(r.body.code, 'internal_error');
        assert.doesNotMatch(r.text, /injected|trigger|owner_keys/i, 'the failure leaks no internals');
        assert.deepEqual((await dumpAllRows(api.url)).sort(), before, 'a failed upload left rows behind');
        assert.deepEqual((await api.get(`/v0/address-book/${user}`)).body.data, bookBefore);
      } finally {
        await execSql(api.url, 'drop trigger kith_fail_owner;', 'drop trigger kith_fail_owner on index_queue; drop function kith_fail_owner();');
      }
      // The same upload goes through once the fault is gone.
      const ok = await api.post('/v0/address-book', { user_id: user, source: { email: 'owner@fail-here.example' }, entries: batchEntries('half', 1, 50) });
      assert.equal(ok.status, 200, ok.text);
    });

    it('an index write that fails keeps its work: the upload stays acknowledged and is indexed once the fault is gone', async () => {
      const user = 'index-fault';
      // Nothing else queued: an earlier test's upload still waiting would be indexed in the same round,
      // and a round of several users that fails is done again user by user (KyselyStorage.indexPending),
      // which indexes the others and returns without the error this test waits for.
      await api.storage.flushIndex();
      await execSql(
        api.url,
        `create trigger kith_fail_index before insert on owner_keys when new.key like '%index-fault%' begin select raise(abort, 'injected failure'); end;`,
        `create function kith_fail_index() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$;
         create trigger kith_fail_index before insert on owner_keys for each row when (new.key like '%index-fault%') execute function kith_fail_index();`,
      );
      try {
        const r = await api.post('/v0/address-book', { user_id: user, source: { email: 'owner@index-fault.example' }, entries: batchEntries('ifault', 1, 5) });
        assert.equal(r.status, 200, r.text);
        // The indexer's transaction fails whole: no key of the upload, and its queue row is still there.
        // (The server's own indexer may hold the book at that moment: then ours finds it busy; try again.)
        let failed = false;
        for (let i = 0; i < 200 && !failed; i++) {
          const r = await api.storage.indexPending().catch(() => null);
          if (r === null) failed = true;
          else if (r.busy > 0) await new Promise((res) => setTimeout(res, 10));
          else assert.fail(`the index write should fail, but indexed ${r.uploads} upload(s)`);
        }
        assert.ok(failed, 'the index write failed');
        const rows = await dumpAllRows(api.url);
        assert.equal(rows.filter((x) => x.startsWith('contact_keys: ') && x.includes(`"user_id":"${user}"`)).length, 0);
        assert.equal(rows.filter((x) => x.startsWith('index_queue: ') && x.includes(`"user_id":"${user}"`)).length, 1);
        // The owner's own book does not wait for the index.
        assert.equal((await api.get(`/v0/address-book/${user}`)).body.meta.total_count, 5);
      } finally {
        await execSql(api.url, 'drop trigger kith_fail_index;', 'drop trigger kith_fail_index on owner_keys; drop function kith_fail_index();');
      }
      await api.storage.flushIndex();
      const rows = await dumpAllRows(api.url);
      assert.equal(rows.filter((x) => x.startsWith('contact_keys: ') && x.includes(`"user_id":"${user}"`)).length, 5);
      assert.equal(rows.filter((x) => x.startsWith('index_queue: ')).length, 0);
    });
  });
}

for (const engine of ENGINES) {
  describe(`a ranked POST's answer under a race, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('a DELETE between the book being read and the upload being stored: the upload, older than the DELETE, is refused and nothing is stored', async () => {
      const u = 'race-answer';
      const t = await tenantOfKey(api, api.key);
      const config = loadConfig({});
      assert.equal((await api.post('/v0/address-book', { user_id: u, source: {}, entries: batchEntries('old', 0, 2) })).status, 200);
      // The real service, its storing held until the DELETE has run (the order a probe saw on both engines).
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      let raced = false;
      const service = new (class extends AddressBookService {
        override prepareUpload(...args: Parameters<AddressBookService['prepareUpload']>) {
          const p = super.prepareUpload(...args);
          let stored: Promise<number> | undefined;
          return { ...p, store: () => (stored ??= gate.then(p.store)) };
        }
        override async ranked(...args: Parameters<AddressBookService['ranked']>) {
          const view = await super.ranked(...args);
          if (args[3] !== undefined && !raced) {
            raced = true;
            // The DELETE is strictly later than the upload's arrival: one of the same millisecond is
            // concurrent with it, either order valid (kysely-storage.ts #refuseIfDeleted; a CI run saw it).
            while (Date.now() <= arrived) await new Promise((res) => setTimeout(res, 1));
            await this.delete(t, u); // the book as read (old + new) is gone before the upload commits
            open();
          }
          return view;
        }
      })(api.storage, config);
      // It arrived before the DELETE: stored after it, the deleted book would come back (the deletion
      // tombstone refuses it; a 409 over HTTP, test/api/tombstone.test.ts). Before, it was stored and
      // answered as the book it then made.
      const arrived = Date.now();
      await assert.rejects(
        answerUpload(
          service,
          config,
          { user_id: u, source: {}, entries: batchEntries('new', 1, 3) },
          { tenant: t, appName: 'x', elapsed: () => 0, arrivedAt: arrived },
        ),
        (e: unknown) => e instanceof StorageError && e.kind === 'deleted',
      );
      assert.equal((await api.get(`/v0/address-book/${u}`)).status, 404);
    });

    it("a later upload replacing this one's source after its commit: the answer still holds this upload, and nothing of the later one", async () => {
      const u = 'race-replace';
      const t = await tenantOfKey(api, api.key);
      const config = loadConfig({});
      const source = { type: 'ios', phone: '+1 415 555 0100' };
      const ctx = { tenant: t, appName: 'x', elapsed: () => 0 };
      let raced = false;
      const service = new (class extends AddressBookService {
        override async replaceSource(...args: Parameters<AddressBookService['replaceSource']>) {
          const n = await super.replaceSource(...args);
          if (!raced) {
            raced = true; // another server's re-sync of the same source, stored and replacing this one now
            await answerUpload(this, config, { user_id: u, source, entries: batchEntries('later', 2, 2), replace_source: 1 }, ctx);
          }
          return n;
        }
      })(api.storage, config);
      const answer = (await answerUpload(service, config, { user_id: u, source, entries: batchEntries('first', 1, 3), replace_source: 1 }, ctx)) as {
        data: { emails: string[] }[];
        meta: { cleaning: { entries_read: number } };
      };
      assert.deepEqual(
        answer.data.map((c) => batchOf(c.emails[0]!, 'first')),
        [1, 1, 1],
        JSON.stringify(answer.data),
      );
      assert.equal(answer.meta.cleaning.entries_read, 3);
      // The book now is the later sync's.
      const stored = (await api.get(`/v0/address-book/${u}`)).body.data as { emails: string[] }[];
      assert.deepEqual(
        stored.map((c) => batchOf(c.emails[0]!, 'later')),
        [2, 2],
      );
    });
  });
}
