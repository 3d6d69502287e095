/**
 * kith reclean's core (services/reclean.ts over the Storage methods listBooks, loadStoredUploads and
 * rewriteBook), on both engines: books whose stored cleaning is stale (as after an upgrade of the
 * cleaner) get their entries, owner keys and key index recomputed from the raw upload; fresh books are
 * left untouched; a second run changes nothing; a dry run writes nothing; a book that changes meanwhile
 * is never rewritten from a stale read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexKeysOf } from '../../src/domain/normalize.ts';
import type { EntryInput, NormalizedEntry, SourceInput } from '../../src/domain/types.ts';
import { cleanUpload } from '../../src/services/address-book.ts';
import { entriesOfRaw, recleanAll } from '../../src/services/reclean.ts';
import type { Storage, UploadRecord } from '../../src/storage/types.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { pendingKeys, rawRows } from './fixtures.ts';

const T = 'app_reclean:live';
const SOURCE: SourceInput = { type: 'ios', email: 'owner@home.com', phone: null, name: null };

/** An upload as the current cleaner stores it, with `stale` applied to its cleaned entries (an older cleaner). */
function upload(userId: string, entries: EntryInput[], opts: { raw?: string; stale?: (e: NormalizedEntry) => NormalizedEntry } = {}): UploadRecord {
  const c = cleanUpload(SOURCE, entries, null);
  const normalized = opts.stale ? c.normalized.map(opts.stale) : c.normalized;
  // The key index of the stale upload is that of its stale entries, as the older version wrote it.
  const staleStats = opts.stale ? indexKeysOf(normalized).map((key) => ({ key, times: 0, lastSent: null, lastReceived: null })) : c.keyStats;
  return {
    batchId: `${userId}-${Math.random()}`,
    userId,
    sourceKey: c.sourceKey,
    source: SOURCE,
    raw: entries,
    rawJson: opts.raw ?? JSON.stringify({ user_id: userId, source: SOURCE, entries }),
    normalized,
    ownerKeys: c.ownerKeys,
    keyStats: staleStats,
    createdAt: Date.now(),
  };
}

/** An older cleaner's key for Ann's phone. */
const staleKey = (e: NormalizedEntry): NormalizedEntry => ({ ...e, phones: e.phones.map((p) => ({ ...p, key: 'p:+10000000000' })) });

const ANN: EntryInput[] = [{ name: 'Ann Lee', emails: ['Ann.Lee@Example.com'], phones: ['+44 7911 123456'] }];

async function keysOf(url: string, userId: string): Promise<string[]> {
  return (await rawRows(url, 'contact_keys'))
    .filter((r) => r.tenant === T && r.user_id === userId)
    .map((r) => String(r.key))
    .sort();
}

async function seed(s: Storage): Promise<void> {
  await s.appendUpload(T, upload('stale', ANN, { stale: staleKey }));
  await s.appendUpload(T, upload('fresh', [{ name: 'Bo', emails: ['bo@example.com'] }]));
  // A row of the first versions: raw is the JSON array of the entries.
  await s.appendUpload(T, upload('legacy', ANN, { raw: JSON.stringify(ANN), stale: staleKey }));
  // A raw text without entries: kept as stored.
  await s.appendUpload(T, upload('opaque', ANN, { raw: '{"note":"no entries here"}', stale: staleKey }));
  await s.flushIndex(); // the key index is written after the acknowledgment: wait for it
}

for (const engine of ENGINES) {
  describe(`reclean on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it('recomputes stale books from their raw uploads, rebuilds their key index, and leaves fresh ones alone', () =>
      withStorage(engine, async (s, url) => {
        await seed(s);
        const expected = cleanUpload(SOURCE, ANN, null).normalized;
        const goodKey = expected[0]!.phones[0]!.key!;
        assert.notEqual(goodKey, 'p:+10000000000');
        assert.ok((await keysOf(url, 'stale')).includes('p:+10000000000'));
        const freshBefore = (await rawRows(url, 'uploads')).find((r) => r.user_id === 'fresh');

        const dry = await recleanAll(s, null, { dryRun: true });
        assert.deepEqual(dry, { books: 4, uploads: 4, changedUploads: 2, changedBooks: 2, unreadable: 1 });
        assert.ok((await keysOf(url, 'stale')).includes('p:+10000000000'), 'a dry run writes nothing');

        const seen: number[] = [];
        const done = await recleanAll(s, null, { pageSize: 3, onBook: (c) => seen.push(c.books) });
        assert.deepEqual(done, dry);
        assert.deepEqual(seen, [1, 2, 3, 4]);
        for (const user of ['stale', 'legacy']) {
          assert.deepEqual((await s.loadBook(T, user))?.entries, expected, `${user}: entries re-cleaned`);
          const keys = await keysOf(url, user);
          assert.ok(keys.includes(goodKey) && !keys.includes('p:+10000000000'), `${user}: key index rebuilt`);
        }
        // Another user holding Ann's number now meets the re-cleaned books through the index.
        const sig = await s.loadSignals(T, 'someone', pendingKeys([goodKey]), []);
        assert.equal(sig.knownBy.get(goodKey), 2);
        // Untouched: the fresh book (byte for byte) and the one without entries in its raw text.
        assert.deepEqual(
          (await rawRows(url, 'uploads')).find((r) => r.user_id === 'fresh'),
          freshBefore,
        );
        assert.ok((await keysOf(url, 'opaque')).includes('p:+10000000000'));

        assert.deepEqual(await recleanAll(s, null), { books: 4, uploads: 4, changedUploads: 0, changedBooks: 0, unreadable: 1 });
      }));

    it('never rewrites a book from a stale read: an upload or a delete meanwhile makes rewriteBook refuse', () =>
      withStorage(engine, async (s, url) => {
        await s.appendUpload(T, upload('busy', ANN, { stale: staleKey }));
        const read = await s.loadStoredUploads(T, 'busy');
        assert.equal(read.length, 1);
        const rewritten = read.map((u) => {
          const c = cleanUpload(u.source, entriesOfRaw(u.raw)!, null);
          return { seq: u.seq, sourceKey: c.sourceKey, normalized: c.normalized, ownerKeys: c.ownerKeys, keyStats: c.keyStats };
        });
        await s.appendUpload(T, upload('busy', [{ name: 'Cy', emails: ['cy@example.com'] }]));
        await s.flushIndex();
        assert.equal(await s.rewriteBook(T, 'busy', rewritten), false);
        assert.ok((await keysOf(url, 'busy')).includes('p:+10000000000'), 'nothing was written');
        assert.ok((await keysOf(url, 'busy')).includes('e:cy@example.com'), 'the new upload keeps its keys');

        await s.deleteBook(T, 'busy');
        assert.equal(await s.rewriteBook(T, 'busy', rewritten), false);
        assert.deepEqual(await keysOf(url, 'busy'), [], 'a deleted book stays deleted');
        assert.equal(await s.loadBook(T, 'busy'), null);
      }));

    it('re-cleans a book stored by the cleaner before issue #12: the unusual addresses and the extension come back, keyed and indexed', () =>
      withStorage(engine, async (s, url) => {
        const entries: EntryInput[] = [
          { name: 'J Smith', email: 'j..smith@corp.example', times_contacted: 4 },
          { name: 'Taro', email: 'taro.@docomo.ne.jp' },
          { name: 'Desk', phone: '+1 (415) 555-0123 ext 9' },
        ];
        // What that cleaner stored: the addresses rejected (no e-mails), the extension without a key.
        const before = (e: NormalizedEntry): NormalizedEntry => ({ ...e, emails: [], phones: e.phones.map((p) => ({ ...p, key: null })) });
        await s.appendUpload(T, upload('old', entries, { stale: before }));
        assert.deepEqual(await keysOf(url, 'old'), []);
        const done = await recleanAll(s, null);
        assert.equal(done.changedBooks, 1);
        const book = await s.loadBook(T, 'old');
        assert.deepEqual(
          book?.entries.map((e) => e.emails.map((m) => m.key)),
          [['j..smith@corp.example'], ['taro.@docomo.ne.jp'], []],
        );
        assert.deepEqual(await keysOf(url, 'old'), ['e:j..smith@corp.example', 'e:taro.@docomo.ne.jp', 'p:+14155550123;ext=9']);
      }));

    it('lists books in (tenant, user) order, page by page', () =>
      withStorage(engine, async (s) => {
        for (const [t, u] of [
          ['b:live', 'u2'],
          ['a:live', 'u9'],
          ['b:live', 'u1'],
          ['a:live', 'u1'],
        ] as const) {
          await s.appendUpload(t, { ...upload(u, [{ name: 'X', emails: [`${u}@x.com`] }]) });
        }
        await s.appendUpload('a:live', upload('u1', [{ name: 'Y', emails: ['y@x.com'] }])); // a second upload: one book
        const first = await s.listBooks(null, 3);
        assert.deepEqual(first, [
          { tenant: 'a:live', userId: 'u1' },
          { tenant: 'a:live', userId: 'u9' },
          { tenant: 'b:live', userId: 'u1' },
        ]);
        assert.deepEqual(await s.listBooks(first[2]!, 3), [{ tenant: 'b:live', userId: 'u2' }]);
        assert.deepEqual(await s.listBooks({ tenant: 'b:live', userId: 'u2' }, 3), []);
      }));
  });
}

describe('entriesOfRaw', () => {
  it('reads the body as received, or the entries array of the first versions; null otherwise', () => {
    assert.deepEqual(entriesOfRaw('{"user_id":"u","entries":[{"name":"A"}]}'), [{ name: 'A' }]);
    assert.deepEqual(entriesOfRaw('[{"name":"A"}]'), [{ name: 'A' }]);
    assert.equal(entriesOfRaw('{"entries":"no"}'), null);
    assert.equal(entriesOfRaw('not json'), null);
    assert.equal(entriesOfRaw('null'), null);
  });
});
