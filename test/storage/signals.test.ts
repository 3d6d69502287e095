import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Storage } from '../../src/storage/types.ts';
import { ENGINES, engineSkip, withStorage } from '../helpers/engines.ts';
import { indexKeysOf } from '../../src/domain/normalize.ts';
import type { SignalsWanted } from '../../src/domain/types.ts';
import { onlyWanted } from '../domain/rank-fixtures.ts';
import { fakeUpload, pendingKeys, rawRows, storedKeys } from './fixtures.ts';

const T = 'app_sig:live';
const OTHER_T = 'app_sig:test';

/**
 * alice (alice@a.com) knows bob, carol and dan. bob (bob@b.com) and carol (carol@c.com) are users
 * who have alice in their books; erin also knows bob. dan is not a user.
 */
async function seed(s: Storage, t: string): Promise<void> {
  await s.appendUpload(
    t,
    fakeUpload(
      'alice',
      [
        { name: 'Bob', emails: ['bob@b.com'], phones: ['+15550001'], times: 3 },
        { name: 'Carol', emails: ['carol@c.com'] },
        { name: 'Dan', emails: ['dan@d.com'] },
      ],
      { ownerEmail: 'alice@a.com' },
    ),
  );
  await s.appendUpload(
    t,
    fakeUpload('bob', [{ name: 'Alice', emails: ['alice@a.com'], times: 7, lastSent: 1000, lastReceived: null }], {
      ownerEmail: 'bob@b.com',
    }),
  );
  // carol holds alice under two of alice's keys: the reciprocal stat takes the max / newest across them.
  await s.appendUpload(
    t,
    fakeUpload(
      'carol',
      [
        { name: 'Alice', emails: ['alice@a.com'], times: 1, lastSent: 10, lastReceived: 500 },
        { name: 'Alice mobile', phones: ['+15559999'], times: 4, lastSent: 20, lastReceived: null },
        { name: 'Bob', emails: ['bob@b.com'] },
      ],
      { ownerEmail: 'carol@c.com' },
    ),
  );
  await s.appendUpload(t, fakeUpload('erin', [{ name: 'Bob', emails: ['bob@b.com'] }], { ownerEmail: 'erin@e.com' }));
  await s.flushIndex(); // other users' signals come from the key index, written after the acknowledgment
}

const ALICE_KEYS = ['e:alice@a.com', 'p:+15559999'];
/** The index keys of alice's book (what the service passes: domain indexKeysOf). */
const ALICE_BOOK = ['e:bob@b.com', 'p:+15550001', 'e:carol@c.com', 'e:dan@d.com'];

for (const engine of ENGINES) {
  describe(`signals on ${engine}`, { skip: await engineSkip(engine) }, () => {
    it("looks up the book's keys, stored or pending (duplicates change nothing), for a book not stored yet too", () =>
      withStorage(engine, async (s) => {
        await seed(s, T);
        const book = await s.loadBook(T, 'alice');
        assert.deepEqual(indexKeysOf(book!.entries).sort(), [...ALICE_BOOK].sort());
        const once = await s.loadSignals(T, 'alice', storedKeys(ALICE_BOOK), ALICE_KEYS);
        const twice = await s.loadSignals(T, 'alice', pendingKeys([...ALICE_BOOK, ...ALICE_BOOK].reverse()), ALICE_KEYS);
        assert.deepEqual(twice, once);
        assert.equal(once.knownBy.get('e:bob@b.com'), 2);
        assert.equal(once.knownBy.get('p:+15550001'), undefined); // only alice holds bob's phone
        // dan has no stored book: his keys, as given, still meet what the others stored.
        const dan = await s.loadSignals(T, 'dan', pendingKeys(['e:alice@a.com', 'e:nobody@x.com']), ['e:dan@d.com']);
        assert.equal(dan.knownBy.get('e:alice@a.com'), 2); // bob and carol hold alice
        assert.equal(dan.knownBy.has('e:nobody@x.com'), false);
        assert.equal(dan.reciprocal.get('e:alice@a.com')?.key, 'e:alice@a.com'); // alice's book holds dan
        assert.equal((await s.loadSignals(T, 'dan', pendingKeys([]), ['e:dan@d.com'])).knownBy.size, 0);
      }));

    it("sees the owner's keys still in the index queue (acknowledged, not indexed yet) as the book's own", () =>
      withStorage(engine, async (s) => {
        await seed(s, T);
        // frank's upload is acknowledged but not indexed: his book's keys are only in the queue.
        await s.appendUpload(T, fakeUpload('frank', [{ name: 'Bob', emails: ['bob@b.com'] }], { ownerEmail: 'frank@f.com' }));
        const frank = await s.loadSignals(T, 'frank', storedKeys(['e:bob@b.com']), ['e:frank@f.com']);
        assert.equal(frank.knownBy.get('e:bob@b.com'), 3, 'alice, carol and erin hold bob; frank himself is not counted');
        await s.flushIndex();
        assert.deepEqual(await s.loadSignals(T, 'frank', storedKeys(['e:bob@b.com']), ['e:frank@f.com']), frank);
      }));

    it('reads a book with an upload held in memory after the stored ones, stored yet or not, never twice', () =>
      withStorage(engine, async (s) => {
        const first = fakeUpload('zoe', [{ name: 'First', emails: ['first@x.com'] }], { createdAt: 1 });
        const second = fakeUpload('zoe', [{ name: 'Second', emails: ['second@x.com'] }], { createdAt: 2 });
        // Not stored yet: the stored book plus the upload.
        assert.deepEqual(
          (await s.loadBook(T, 'zoe', { upload: first }))?.entries.map((e) => e.name),
          ['First'],
        );
        await s.appendUpload(T, first);
        const pending = await s.loadBook(T, 'zoe', { upload: second });
        assert.deepEqual(
          pending?.entries.map((e) => e.name),
          ['First', 'Second'],
        );
        assert.equal(pending?.uploadCount, 2);
        // Stored meanwhile: still once, from memory.
        await s.appendUpload(T, second);
        const book = await s.loadBook(T, 'zoe', { upload: second });
        assert.deepEqual(
          book?.entries.map((e) => e.name),
          ['First', 'Second'],
        );
        assert.equal(book?.uploadCount, 2);
        assert.equal(book?.updatedAt, 2);
        assert.deepEqual((await s.loadBook(T, 'zoe'))?.entries, book?.entries);
      }));

    it('counts the other users who know each key (knownBy)', () =>
      withStorage(engine, async (s) => {
        await seed(s, T);
        const sig = await s.loadSignals(T, 'alice', storedKeys(ALICE_BOOK), ALICE_KEYS);
        assert.equal(sig.knownBy.get('e:bob@b.com'), 2); // carol and erin, not alice herself
        assert.equal(sig.knownBy.has('e:carol@c.com'), false);
        assert.equal(sig.knownBy.has('e:dan@d.com'), false);
        assert.equal(typeof sig.knownBy.get('e:bob@b.com'), 'number');
      }));

    it('finds contacts who are users and how their books record the owner (reciprocal)', () =>
      withStorage(engine, async (s) => {
        await seed(s, T);
        const sig = await s.loadSignals(T, 'alice', storedKeys(ALICE_BOOK), ALICE_KEYS);
        assert.deepEqual(sig.reciprocal.get('e:bob@b.com'), { key: 'e:bob@b.com', times: 7, lastSent: 1000, lastReceived: null });
        assert.deepEqual(sig.reciprocal.get('e:carol@c.com'), { key: 'e:carol@c.com', times: 4, lastSent: 20, lastReceived: 500 });
        assert.equal(sig.reciprocal.has('e:dan@d.com'), false);
        assert.equal(sig.reciprocal.size, 2);
        // No owner keys: nothing can be reciprocal.
        assert.equal((await s.loadSignals(T, 'alice', storedKeys(ALICE_BOOK), [])).reciprocal.size, 0);
        // erin's book does not hold alice: erin's reciprocal is bob only if bob's book holds erin (it does not).
        assert.equal((await s.loadSignals(T, 'erin', storedKeys(['e:bob@b.com']), ['e:erin@e.com'])).reciprocal.size, 0);
      }));

    it('reports app users, invites sent, accepted invites and seen suggestions', () =>
      withStorage(engine, async (s, url) => {
        await seed(s, T);
        await s.upsertAppUsers(T, [{ appUserId: 'app-bob', name: 'Bob', keys: ['e:bob@b.com', 'p:+15550001'] }]);
        await s.upsertAppUsers(T, [{ appUserId: 'app-bob-2', name: 'Robert', keys: ['e:bob@b.com'] }]);
        await s.upsertAppUsers(T, [{ appUserId: 'app-zed', name: 'Zed', keys: ['e:zed@z.com'] }]);
        await s.recordInvitesSent(T, [
          { userId: 'alice', keys: ['e:dan@d.com'], inviteeName: 'Dan', sentAt: 100 },
          { userId: 'alice', keys: ['e:dan@d.com'], inviteeName: 'Dan', sentAt: 300 },
          { userId: 'carol', keys: ['e:carol-friend@x.com'], inviteeName: null, sentAt: 200 },
        ]);
        await s.recordInvitesAccepted(T, [
          { keys: ['e:carol@c.com'], userId: 'someone', newUserId: 'carol', name: 'Carol', acceptedAt: 50 },
          { keys: ['e:nobody@n.com'], userId: null, newUserId: null, name: null, acceptedAt: 60 },
        ]);
        await s.recordSuggestedSeen(T, [
          { userId: 'alice', keys: ['e:dan@d.com', 'e:carol@c.com'], seenAt: 10 },
          { userId: 'alice', keys: ['e:dan@d.com'], seenAt: 20 },
          { userId: 'bob', keys: ['e:bob-only@x.com'], seenAt: 30 },
        ]);
        const sig = await s.loadSignals(T, 'alice', storedKeys(ALICE_BOOK), ALICE_KEYS);
        // Only the parts a ranking wants (its signalsUsed): each of them as with every part, the others
        // empty; stored keys or pending.
        for (const part of ['knownBy', 'reciprocal', 'appUserKeys', 'invitedKeys', 'acceptedKeys', 'seenKeys'] as const) {
          assert.ok(sig[part].size > 0, part); // nothing below compares empty with empty
        }
        const wanted = (over: Partial<SignalsWanted>): SignalsWanted => {
          const w = { knownBy: false, reciprocal: false, appUsers: false, invited: false, accepted: false, seen: false, ...over };
          return { ...w, any: Object.values(w).some(Boolean) };
        };
        const only = (w: SignalsWanted) => onlyWanted(sig, w);
        const cases = [
          ...(['knownBy', 'reciprocal', 'appUsers', 'invited', 'accepted', 'seen'] as const).map((p) => wanted({ [p]: true })),
          wanted({ appUsers: true, invited: true, seen: true }), // the record filters of a GET
          wanted({ knownBy: true, reciprocal: true }),
          wanted({}),
        ];
        for (const keys of [storedKeys(ALICE_BOOK), pendingKeys(ALICE_BOOK)]) {
          for (const w of cases) assert.deepEqual(await s.loadSignals(T, 'alice', { ...keys, want: w }, ALICE_KEYS), only(w), JSON.stringify(w));
        }
        // A book with more keys than PostgreSQL probes one by one (2,000; a bigger book leaves the join
        // to the planner) reads the same signals: the extra keys are in no other table.
        const filler = Array.from({ length: 2_500 }, (_, i) => `e:filler${i}@f.example`);
        for (const keys of [storedKeys([...ALICE_BOOK, ...filler]), pendingKeys([...ALICE_BOOK, ...filler])]) {
          const big = await s.loadSignals(T, 'alice', keys, ALICE_KEYS);
          assert.deepEqual(big, sig);
        }
        assert.deepEqual([...sig.appUserKeys].sort(), ['e:bob@b.com', 'p:+15550001']);
        assert.deepEqual([...sig.invitedKeys], [['e:dan@d.com', 300]]);
        assert.deepEqual([...sig.acceptedKeys], ['e:carol@c.com']);
        assert.deepEqual(
          new Map([...sig.seenKeys].sort()),
          new Map([
            ['e:carol@c.com', 10],
            ['e:dan@d.com', 20],
          ]),
        );

        // Re-upload of app users updates the id and name in place.
        const bobRows = (await rawRows(url, 'app_users')).filter((r) => r.key === 'e:bob@b.com');
        assert.deepEqual(
          bobRows.map((r) => [r.app_user_id, r.name]),
          [['app-bob-2', 'Robert']],
        );
      }));

    it('never mixes signals of two tenants', () =>
      withStorage(engine, async (s) => {
        await seed(s, T);
        await s.upsertAppUsers(T, [{ appUserId: 'b', name: null, keys: ['e:bob@b.com'] }]);
        await s.recordInvitesSent(T, [{ userId: 'alice', keys: ['e:dan@d.com'], inviteeName: null, sentAt: 1 }]);
        await s.recordInvitesAccepted(T, [{ keys: ['e:bob@b.com'], userId: 'alice', newUserId: 'bob', name: null, acceptedAt: 2 }]);
        await s.recordSuggestedSeen(T, [{ userId: 'alice', keys: ['e:bob@b.com'], seenAt: 3 }]);
        // alice in the other tenant has the same book but nobody else is there.
        await s.appendUpload(OTHER_T, fakeUpload('alice', [{ emails: ['bob@b.com'] }, { emails: ['dan@d.com'] }], { ownerEmail: 'alice@a.com' }));
        const sig = await s.loadSignals(OTHER_T, 'alice', storedKeys(['e:bob@b.com', 'e:dan@d.com']), ALICE_KEYS);
        assert.equal(sig.knownBy.size, 0);
        assert.equal(sig.reciprocal.size, 0);
        assert.equal(sig.appUserKeys.size, 0);
        assert.equal(sig.invitedKeys.size, 0);
        assert.equal(sig.acceptedKeys.size, 0);
        assert.equal(sig.seenKeys.size, 0);
        assert.deepEqual(await s.loadInviteOutcomes(OTHER_T, 10), []);
        assert.equal(await s.loadWeights(OTHER_T), null);
      }));

    it('lists invite outcomes newest first, one per invite, capped', () =>
      withStorage(engine, async (s) => {
        await s.recordInvitesSent(T, [
          { userId: 'alice', keys: ['e:dan@d.com', 'p:+15550002'], inviteeName: 'Dan', sentAt: 100 },
          { userId: 'bob', keys: ['e:eve@e.com'], inviteeName: 'Eve', sentAt: 300 },
          { userId: 'alice', keys: ['e:fay@f.com'], inviteeName: 'Fay', sentAt: 200 },
        ]);
        // Accepted through the phone only: the whole invite counts as accepted.
        await s.recordInvitesAccepted(T, [{ keys: ['p:+15550002'], userId: 'alice', newUserId: 'dan', name: 'Dan', acceptedAt: 150 }]);
        const all = await s.loadInviteOutcomes(T, 10);
        assert.deepEqual(all, [
          { userId: 'bob', keys: ['e:eve@e.com'], accepted: false },
          { userId: 'alice', keys: ['e:fay@f.com'], accepted: false },
          { userId: 'alice', keys: ['e:dan@d.com', 'p:+15550002'], accepted: true },
        ]);
        assert.deepEqual(await s.loadInviteOutcomes(T, 2), all.slice(0, 2));
        assert.deepEqual(await s.loadInviteOutcomes(T, 0), []);
      }));

    it('saves and loads learned weights per tenant (upsert)', () =>
      withStorage(engine, async (s) => {
        assert.equal(await s.loadWeights(T), null);
        await s.saveWeights(T, { weights: { knownBy: 0.5, recency: 1.25 }, samples: 10, trainedAt: 1_700_000_000_000 });
        await s.saveWeights(T, { weights: { knownBy: 0.75 }, samples: 20, trainedAt: 1_700_000_000_001 });
        assert.deepEqual(await s.loadWeights(T), { weights: { knownBy: 0.75 }, samples: 20, trainedAt: 1_700_000_000_001 });
        assert.equal(await s.loadWeights(OTHER_T), null);
        // The app's state in one statement: the same weights, and whether it has any alias.
        assert.deepEqual(await s.loadAppState(T), { weights: await s.loadWeights(T), hasAliases: false });
        assert.deepEqual(await s.loadAppState(OTHER_T), { weights: null, hasAliases: false });
        await s.addAlias(OTHER_T, ['e:a@x.example', 'e:b@x.example'], 1);
        assert.deepEqual(await s.loadAppState(OTHER_T), { weights: null, hasAliases: true });
        assert.deepEqual(await s.loadAppState(T), { weights: await s.loadWeights(T), hasAliases: false });
      }));
  });
}
