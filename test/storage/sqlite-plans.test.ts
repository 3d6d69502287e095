/**
 * SQLite keeps no statistics unless asked, so its planner picks an index by heuristics: a statement can
 * be served by walking every row of the app (all its owner keys, all its aliases) although an index past
 * the tenant answers it from a few rows. Such a statement is quick in a test and grows with the app's
 * users in production (the reciprocal lookup of every read cost 1-2 ms at 2,000 users). This test runs a
 * book's upload and reads, and the small writes a request makes, on a real SQLite file, records every
 * statement the storage prepares, and asks SQLite for each one's plan: no statement of these paths may
 * read a per-user or per-key table by the tenant alone, nor scan it.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import { indexKeysOf } from '../../src/domain/normalize.ts';
import type { Storage } from '../../src/storage/types.ts';
import { makeTestStorage, type TestStorage } from '../helpers/engines.ts';
import { fakeUpload, manyContacts } from './fixtures.ts';

const require = createRequire(import.meta.url);
const Database = require('better-sqlite3') as typeof import('better-sqlite3');
type Db = InstanceType<typeof Database>;

const T = 'app_plans:live';
/** Tables that grow with the app's users and their books. */
const GROWING = ['uploads', 'contact_keys', 'owner_keys', 'aliases', 'invites_sent', 'invites_accepted', 'suggested_seen', 'app_users'];
/** Tables read by the tenant alone on purpose, and why. */
const BY_TENANT_ON_PURPOSE = [
  // loadAliasGroups: "has this app any alias at all?", one row (limit 1) whatever the app's size.
  /^select "key" from "aliases" where "tenant" = \? limit \?$/,
  // loadAppState: the same question, beside the app's weights ("exists": one row whatever the app's size).
  /^select w\.weights, w\.samples, w\.trained_at, case when exists \(select 1 from aliases a where a\.tenant = \?\) then 1 else 0 end as has_aliases from \(select 1 as one\) o left join weights w on w\.tenant = \?$/,
];

describe('SQLite plans of the request paths', () => {
  let db: TestStorage;
  const prepared = new Set<string>();
  const original = Database.prototype.prepare;

  before(async () => {
    db = await makeTestStorage('sqlite');
    Database.prototype.prepare = function (this: Db, source: string) {
      prepared.add(source.replace(/\s+/g, ' ').trim());
      return original.call(this, source);
    } as typeof original;
  });
  after(async () => {
    Database.prototype.prepare = original;
    await db.cleanup();
  });

  async function requestPaths(s: Storage): Promise<void> {
    // Three users who know each other: the reciprocal lookup finds rows.
    for (const u of ['u1', 'u2', 'u3']) {
      const contacts = [
        ...manyContacts(5, u),
        { name: 'Shared', emails: ['u1@plans.example', 'u2@plans.example'], phones: [], times: 2, lastSent: null, lastReceived: null },
      ];
      await s.appendUpload(T, fakeUpload(u, contacts, { ownerEmail: `${u}@plans.example` }));
    }
    await s.flushIndex();
    await s.recordInvitesSent(T, [{ userId: 'u1', keys: ['e:u2@plans.example'], inviteeName: 'U Two', sentAt: 1 }]);
    await s.recordInvitesAccepted(T, [{ keys: ['e:u2@plans.example'], userId: 'u1', newUserId: 'n2', name: 'U Two', acceptedAt: 2 }]);
    await s.upsertAppUsers(T, [{ appUserId: 'a3', name: 'U Three', keys: ['e:p1.u1@example.com'] }]);
    await s.recordSuggestedSeen(T, [{ userId: 'u1', keys: ['e:p2.u1@example.com'], seenAt: 3 }]);
    await s.addAlias(T, ['e:u2@plans.example', 'e:u2.old@plans.example'], 4);
    await s.addAlias(T, ['e:u2.old@plans.example', 'e:u2.older@plans.example', 'e:u2.oldest@plans.example'], 5);
    const book = await s.loadBook(T, 'u1');
    assert.ok(book);
    const all = indexKeysOf(book.entries);
    await s.loadBookBelow(T, 'u1', 1_000);
    await s.bookSize(T, 'u1');
    await s.loadWeights(T);
    assert.equal((await s.loadAppState(T)).hasAliases, true);
    const groups = await s.loadAliasGroups(T, all);
    assert.deepEqual(groups, [['e:u2.old@plans.example', 'e:u2.older@plans.example', 'e:u2.oldest@plans.example', 'e:u2@plans.example']]);
    const signals = await s.loadSignals(T, 'u1', { all, pending: [] }, ['e:u1@plans.example']);
    // The lookups found what the rows say (the plans below are of statements that did work).
    assert.equal(signals.knownBy.get('e:u2@plans.example'), 2);
    assert.equal(signals.reciprocal.get('e:u2@plans.example')?.times, 2);
    assert.ok(signals.appUserKeys.has('e:p1.u1@example.com'));
    assert.ok(signals.acceptedKeys.has('e:u2@plans.example'));
    assert.equal(signals.invitedKeys.get('e:u2@plans.example'), 1);
    assert.equal(signals.seenKeys.get('e:p2.u1@example.com'), 3);
    await s.deleteBook(T, 'u3');
    // DELETE /v0/users/:user_id: by the app user's id (it read every app user of the app: a review).
    await s.upsertAppUsers(T, [{ appUserId: 'a4', name: 'U Four', keys: ['e:p4.u1@example.com'] }]);
    assert.equal(await s.deleteAppUser(T, 'a4'), 1);
  }

  it('reads no growing table by the tenant alone, and scans none', async () => {
    await requestPaths(db.storage);
    const file = new Database(db.url.slice('sqlite:'.length), { readonly: true });
    try {
      const bad: string[] = [];
      let checked = 0;
      for (const source of prepared) {
        if (!/^(select|with|update|delete)\b/i.test(source) || BY_TENANT_ON_PURPOSE.some((r) => r.test(source))) continue;
        const params = (source.match(/\?/g) ?? []).map(() => 'x');
        const plan = (original.call(file, `explain query plan ${source}`).all(params) as { detail: string }[]).map((r) => r.detail);
        checked++;
        for (const step of plan) {
          const m = /^(SCAN|SEARCH) (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX \w+ \(([^)]*)\))?/.exec(step);
          if (m === null) continue;
          const table = m[2]!;
          const onTable = GROWING.includes(table) || /^(ck|ok|o|a|ia|h|s|ss|u)$/.test(table);
          if (!onTable) continue;
          if (m[1] === 'SCAN' || m[3] === 'tenant=?') bad.push(`${step}\n    in: ${source.slice(0, 300)}`);
        }
      }
      assert.ok(checked >= 15, `only ${checked} statements seen: the paths above did not run`);
      assert.deepEqual(bad, [], `statements that grow with the app:\n${bad.join('\n')}`);
    } finally {
      file.close();
    }
  });
});
