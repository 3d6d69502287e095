/**
 * Lists of people in one entry (merge/split.ts) against the book's other cards: faults a review of the
 * thirty-eighth session proved, each test failing before its fix. A bare item another card holds under
 * another person's name is never the entry's own card's; a bare item spelt by an item that stays a label
 * stays on the card; a long list stays linear.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { partsOf } from '../../src/domain/merge/split.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries));
const rows = (cs: Contact[]) => cs.map((c) => [c.name, c.emails.map((m) => m.key), c.phones.map((p) => p.key)]);
const holding = (cs: Contact[], key: string) => cs.filter((c) => !c.junk && c.emails.some((m) => m.key === key)).map((c) => c.name);

test("a bare list item another card holds under another person's name is not taken by the entry's own card when its name fits no item (Fay Wong fused into Ann Lee)", () => {
  // docs/cleaning.md: "an unnamed item that another card of the book holds under a name that cannot be
  // the taking person's is never taken by that person, whatever the entry's name: it is a recipient of
  // its own and merges with that card".
  for (const owner of [
    { name: 'Ann Lee', phone: '+1 415 555 0199', email: 'Rick Roe <rick@y.com>, Bo Chen <bo@z.com>, fay@c.org', times_contacted: 2 },
    { name: 'Ann Lee', phone: '+1 415 555 0199', email: 'Rick Roe <rick@y.com>, fay@c.org', times_contacted: 2 },
    { name: 'Acme Sales', phone: '+1 415 555 0199', email: 'Rick Roe <rick@y.com>, Bo Chen <bo@z.com>, fay@c.org', times_contacted: 2 },
  ] as EntryInput[]) {
    const cs = merge([owner, { name: 'Fay Wong', email: 'fay@c.org', times_contacted: 5 }]);
    const label = JSON.stringify(rows(cs));
    assert.deepEqual(holding(cs, 'fay@c.org'), ['Fay Wong'], label);
    const own = cs.find((c) => c.name === owner.name);
    assert.ok(own !== undefined && own.phones.length === 1 && own.emails.length === 0, label);
  }
});

test("a bare list item whose mailbox is a one-word item's name is never dropped when a named card's one-word items stay its labels (tim@school.org vanished)", () => {
  const book: EntryInput[] = [
    { name: 'Kids', email: 'Tim <tim@x.org>, Tina <tina@y.org>, tim@school.org', times_contacted: 4 },
    { name: 'Tina Moss', email: 'tina@y.org' },
  ];
  const cs = merge(book);
  const label = JSON.stringify(rows(cs));
  const everywhere = cs.flatMap((c) => c.emails.map((m) => m.key));
  assert.ok(everywhere.includes('tim@school.org'), `tim@school.org lost: ${label}`);
  assert.deepEqual(holding(cs, 'tim@school.org'), ['Kids'], label);
});

test('a long pasted list with bare items: every address in one row, no other (a review found it quadratic: 8.9 s for 2,000 pairs; a hang guard, not a speed measure)', {
  timeout: 120_000,
}, () => {
  const first = ['Ann', 'Bo', 'Cy', 'Dee', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lou', 'Max', 'Ned', 'Ola', 'Pam'];
  const items: string[] = [];
  for (let i = 0; i < 2000; i++) items.push(`${first[i % 16]} Q${i.toString(36)}son <n${i}@a.org>`, `b${i}@c.org`);
  const [e] = norm([{ email: items.join(', '), times_contacted: 1 }]);
  const parts = partsOf(e!)!;
  const keys = parts.flatMap((p) => p.emails.map((m) => m.key));
  assert.equal(keys.length, 4000);
  assert.equal(new Set(keys).size, 4000);
});
