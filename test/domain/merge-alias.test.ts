/** mergeEntries with the app's alias groups (POST /v0/alias): pure, so tested here without storage. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'ios:-' }));
const emailsOf = (cs: { emails: { display: string }[] }[]) => cs.map((c) => c.emails.map((e) => e.display).sort());

test('an alias group joins the contacts holding its addresses, over the name veto', () => {
  const entries = norm([
    { name: 'Robert Smith', email: 'bob@work.example' },
    { name: 'Ann Other', email: 'ann@x.example' },
    { name: 'Johnny', email: 'Bob.Smith@Gmail.com' },
  ]);
  assert.equal(mergeEntries(entries).length, 3);
  const cs = mergeEntries(entries, [['e:bob@work.example', 'e:bobsmith@gmail.com']]);
  assert.deepEqual(emailsOf(cs), [['Bob.Smith@Gmail.com', 'bob@work.example'], ['ann@x.example']]);
  assert.equal(cs[0].name, 'Robert Smith');
  assert.equal(cs[0].entryCount, 2);
});

test('groups sharing an address are one group, even when no entry holds the shared address', () => {
  const entries = norm([{ email: 'a@x.example' }, { email: 'c@x.example' }, { email: 'z@x.example' }]);
  const cs = mergeEntries(entries, [
    ['e:a@x.example', 'e:b@x.example'],
    ['e:b@x.example', 'e:c@x.example'],
  ]);
  assert.deepEqual(emailsOf(cs), [['a@x.example', 'c@x.example'], ['z@x.example']]);
});

test('no alias, an empty list, or aliases of addresses the book lacks: the same merge as without', () => {
  const entries = norm([
    { name: 'A', email: 'a@x.example' },
    { name: 'B', email: 'b@x.example', phone: '+12125550100' },
  ]);
  const plain = mergeEntries(entries);
  assert.deepEqual(mergeEntries(entries, []), plain);
  assert.deepEqual(
    mergeEntries(entries, [
      ['e:q@x.example', 'e:r@x.example'],
      ['p:+12125550100', 'e:a@x.example'],
    ]),
    plain,
    'only e-mail keys alias',
  );
});

test('junk addresses never join anyone, aliased or not', () => {
  const entries = norm([{ email: 'no-reply@x.example' }, { email: 'a@x.example' }]);
  const cs = mergeEntries(entries, [['e:no-reply@x.example', 'e:a@x.example']]);
  assert.equal(cs.length, 2);
});
