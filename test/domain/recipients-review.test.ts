/**
 * Faults a review of the thirty-ninth session's merged work proved (each test failed before its fix): a
 * list word written capitalised is still a list's (`via Announce`); placeholders on a nameless list's
 * items are no labels; the entry's number goes to the recipient the book shows holding it; a maiden name
 * written family name first joins; a client's `data` string holding a quote then the marker comes back
 * as sent; 1,000 cards sharing an office address merge (no longer compared pairwise in the boss rule).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { summarizeCleaning } from '../../src/domain/cleaning.ts';
import { viaRelay } from '../../src/domain/junk.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';
import { exactIntegersOut, parseJsonBody } from '../../src/workers/compilers.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const merge = (entries: EntryInput[]) => mergeEntries(norm(entries));
const rows = (cs: Contact[]) =>
  cs
    .filter((c) => !c.junk)
    .map((c) => [c.name, c.emails.map((m) => m.key).sort(), c.phones.map((p) => p.key)] as const)
    .sort((a, b) => (a[1][0] ?? '').localeCompare(b[1][0] ?? ''));
const sums = (entries: EntryInput[]) => {
  const n = norm(entries);
  const s = summarizeCleaning(mergeEntries(n), n.length).summary;
  assert.equal(s.entries_read + (s.people_from_lists ?? 0), s.contacts + s.merged + s.left_out, JSON.stringify(s));
};

test('a company list `Jane Doe via Announce` (a Google Group display name, capitalised) replied to stays `relay`', () => {
  // decisions.md "Sent mail and junk classes": relay whatever the owner did when B is named as lists are.
  // 7309ec4 exempted any single capitalised list word (meant for the given name `Dev`): Announce, General,
  // Members, Users, Community, Discuss are no given names.
  for (const b of ['Announce', 'General', 'Members', 'Users', 'Community', 'Discuss']) {
    assert.equal(viaRelay(`Jane Doe via ${b}`, b.toLowerCase(), 'acme.com', false, true), true, b);
  }
  const [c] = merge([{ name: 'Jane Doe via Announce', email: 'announce@acme.com', times_contacted: 5 }]);
  assert.equal(c!.junkReason, 'relay');
});

test('a nameless To: list whose items carry a placeholder name (`undefined`, `Unknown`) is its recipients, as the bare list is', () => {
  // A client joining absent fields writes `undefined <addr>` (names.ts PLACEHOLDER_*: names nobody). The
  // new normalize.ts branch keeps these "labels" on a nameless entry, so recipientsOf never runs: John and
  // Jane (two mailboxes at one organisation's domain) are one row, while the same list without the
  // placeholder is two rows.
  assert.equal(rows(merge([{ email: 'john.smith@corp.com, jane.doe@corp.com', times_contacted: 2 }])).length, 2);
  for (const email of [
    'undefined <john.smith@corp.com>, undefined <jane.doe@corp.com>',
    'undefined undefined <john.smith@corp.com>, undefined undefined <jane.doe@corp.com>',
    'Unknown <john.smith@corp.com>, Unknown <jane.doe@corp.com>',
  ]) {
    const r = rows(merge([{ email, times_contacted: 2 }]));
    assert.deepEqual(
      r.map((x) => x[1]),
      [['jane.doe@corp.com'], ['john.smith@corp.com']],
      email,
    );
  }
});

test("the entry's number goes to the recipient of a nameless list whom the book shows holding it, not to the first (an SMS invite to John reached Jane)", () => {
  const book: EntryInput[] = [
    { name: 'Jane Doe', email: 'jane.doe@corp.com', phone: '+1 415 555 0101' },
    { emails: ['john.smith@corp.com', 'jane.doe@corp.com'], phone: '+1 415 555 0101', times_contacted: 2 },
  ];
  const r = rows(merge(book));
  const john = r.find((x) => x[1].includes('john.smith@corp.com'))!;
  // Jane's mobile on John's row: an SMS invite of John goes to Jane.
  assert.ok(!john[2].includes('p:+14155550101'), JSON.stringify(r));
  sums(book);
});

test('a maiden name written family name first (`Lopez Maria`) beside `Maria Garcia` joins: one person, one row', () => {
  // cleaning.md: "A maiden name (`Ann Smith` on `ann.smith@` beside `Ann Lee`: one given name) ... join as
  // before". givenName takes the first word when there is no comma, so `Lopez Maria` has given name `lopez`.
  // Before 75c5ac9..HEAD: one row.
  const cs = merge([
    { name: 'Maria Garcia', emails: ['maria.garcia@corp.com', 'm.lopez@gmail.com'] },
    { name: 'Lopez Maria', email: 'm.lopez@gmail.com' },
  ]);
  assert.equal(rows(cs).length, 1, JSON.stringify(rows(cs)));
});

test('a client data string holding `"` then the marker text comes back as sent, and the answer stays valid JSON', () => {
  for (const note of ['x"\u0000kith-exact-str:y', 'a"\u0000kith-exact-int:5']) {
    const body = `{"entries":[{"name":"Ann","email":"ann@x.com","data":{"note":${JSON.stringify(note)}}}]}`;
    const out = exactIntegersOut(JSON.stringify(parseJsonBody(body)));
    let back: { entries: { data: { note: string } }[] } | null = null;
    assert.doesNotThrow(() => {
      back = JSON.parse(out);
    }, out);
    assert.equal(back!.entries[0]!.data.note, note, out);
  }
});

const GIVEN = [
  'anna',
  'bella',
  'carla',
  'diana',
  'elena',
  'fiona',
  'greta',
  'hanna',
  'irene',
  'julia',
  'karen',
  'laura',
  'maria',
  'nadia',
  'olga',
  'paula',
  'queen',
  'rosa',
  'sara',
  'tina',
  'ursula',
  'vera',
  'wanda',
  'xenia',
  'yvonne',
  'zora',
  'alan',
  'boris',
  'cyril',
  'david',
  'edgar',
  'felix',
  'georg',
  'henry',
  'ivan',
  'jonas',
  'kevin',
  'lucas',
  'martin',
  'nolan',
];
const FAMILY = [
  'adams',
  'baker',
  'clark',
  'davis',
  'evans',
  'fisher',
  'green',
  'harris',
  'irwin',
  'jones',
  'king',
  'lewis',
  'moore',
  'nash',
  'owens',
  'parker',
  'quinn',
  'reed',
  'scott',
  'turner',
  'upton',
  'vance',
  'walker',
  'young',
  'zimmer',
  'abbott',
  'barnes',
  'carter',
  'dixon',
  'ellis',
  'ford',
  'grant',
  'hayes',
  'ingram',
  'jordan',
  'knight',
  'lowe',
  'mills',
  'norris',
  'oliver',
  'price',
  'reyes',
  'stone',
  'tate',
  'vaughn',
  'wells',
  'york',
  'brooks',
  'cole',
  'dunn',
];
const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);

test('1,000 named cards sharing an office address beside their own: each its own person, each keeping the shared address', () => {
  const entries: EntryInput[] = [];
  for (let i = 0; i < 1000; i++) {
    const g = GIVEN[i % GIVEN.length]!;
    const f = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]!;
    entries.push({ name: `${cap(g)} ${cap(f)}`, emails: [`${g}.${f}@firm${i % 7}.com`, 'office@acme-group.com'] });
  }
  const cs = mergeEntries(norm(entries));
  // Every card its own person, none giving up the shared address. Speed is not asserted here (the
  // review measured 18-21 s before the fix, 0.8 s after; the general shared-key rule's name grouping is
  // still superlinear: 7.5 s at 4,000 cards, the closing note says so).
  assert.equal(cs.length, 1000);
  assert.ok(cs.every((c) => c.emails.some((m) => m.key === 'office@acme-group.com')));
});

test("a switchboard number or an office address on hundreds of named cards (a hub): the same name's copies still join, everyone else stays apart, in one pass", () => {
  for (const shared of [{ phones: ['+1 415 555 0100'] }, { emails: ['office@acme-group.com'] }] as EntryInput[]) {
    const entries: EntryInput[] = [];
    for (let i = 0; i < 600; i++) {
      const g = GIVEN[i % GIVEN.length]!;
      const f = FAMILY[Math.floor(i / GIVEN.length) % FAMILY.length]!;
      const own = `${g}.${f}${i}@firm.example`;
      entries.push({ name: `${cap(g)} ${cap(f)}${i}`, ...shared, emails: [own, ...(shared.emails ?? [])] });
    }
    // Ann's second card holds nothing but her name and the shared key: one person with her first card.
    entries.push({ name: entries[0]!.name, ...shared });
    const cs = mergeEntries(norm(entries)).filter((c) => !c.junk);
    assert.equal(cs.length, 600, JSON.stringify(shared));
    assert.equal(cs.find((c) => c.name === entries[0]!.name)!.entryCount, 2, JSON.stringify(shared));
  }
});
