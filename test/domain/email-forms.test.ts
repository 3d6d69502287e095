/**
 * E-mail forms found by probing the HTTP API (see test/api/probe-leftovers.test.ts for the same through
 * HTTP): a doubled at sign, placeholders that are nobody's address, two addresses joined by a bare slash.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { displayNameOf, normalizeEmail, parseEmailSlow, parseEmailUncached } from '../../src/domain/email.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { CountryCode } from '../../src/domain/phone.ts';

/** The three readings agree (the scanner, the patterns, the cached one). */
function read(raw: string) {
  const v = normalizeEmail(raw);
  assert.deepEqual(parseEmailUncached(raw), v, raw);
  assert.deepEqual(parseEmailSlow(raw), v, raw);
  return v;
}

test('a doubled at sign is one: "ann@@x.example" is ann@x.example, shown repaired (it was invalid, and the card left out)', () => {
  for (const [raw, display] of [
    ['ann@@example.com', 'ann@example.com'],
    ['Ann.Lee@@Example.com', 'Ann.Lee@Example.com'],
    ['ann@@@example.com', 'ann@example.com'],
    ['Ann Lee <ann@@example.com>', 'ann@example.com'],
  ] as const) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.equal(v.display, display, raw);
    assert.equal(v.key, display.toLowerCase(), raw);
    assert.equal(v.junk, null, raw);
  }
  // Still no address: no host, no local part, or another '@' (which address is meant is not known).
  for (const bad of ['ann@@', '@@example.com', 'ann@@example', 'a@@b@c.example', 'ann smith@@example.com']) assert.equal(read(bad), null, bad);
  // A quoted local part is read as written.
  assert.equal(read('"a@"@x.example')?.key, '"a@"@x.example');
});

test('placeholders are no address (junk invalid, shown as written): noemail@noemail.com, none@none.com, test@test.com, jane.doe@noemail.com', () => {
  for (const raw of [
    'noemail@noemail.com',
    'NoEmail@NoEmail.com',
    'no-email@example.com',
    'none@none.com',
    'none@gmail.com',
    'unknown@unknown.com',
    'unknown@gmail.com',
    'test@test.com',
    'test@test.co.uk',
    'email@email.com',
    'x@x.com',
    'xxx@xxx.com',
    'your.name@company.com',
    'firstname.lastname@company.com',
    'user@yourcompany.com',
    '0@0.com',
    '000@000.com',
    '123@123.com',
    'asdf@asdf.com',
    'jane.doe@noemail.com',
    'ann.lee@nomail.net',
    'donotemail@shop.example',
  ]) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.equal(v.junk, 'invalid', raw);
    assert.equal(v.role, false, raw);
    assert.equal(v.display, raw, raw);
  }
  // People: their own domain, a role word, a test address at another domain, initials, words near the fillers.
  for (const raw of [
    'maria@maria.com',
    'jane.doe@janedoe.com',
    'info@info.com',
    'test@example.com',
    'test@tests.com',
    'na@corp.example',
    'nobody@none.com',
    'ann@noemail.company.example',
    'noemails.club@x.example',
    'annex@x.com',
    'x@xy.com',
    '0@01.com',
    '12@123.com',
    '7@7eleven.com',
    'ann.lee@company.com',
  ]) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.notEqual(v.junk, 'invalid', raw);
  }
});

test('cards on one placeholder are not one mailbox: nothing links on it, each card is judged alone', () => {
  const ctx = { region: null, sourceKey: 's' };
  const e = normalizeEntry({ name: 'Jane Doe', email: 'noemail@noemail.com' }, ctx);
  assert.deepEqual(
    e.emails.map((m) => [m.display, m.junk]),
    [['noemail@noemail.com', 'invalid']],
  );
});

test('two addresses joined by a bare slash are two ("a@x.com/b@y.org"); a slash in a local part stays', () => {
  const ctx = { region: null, sourceKey: 's' };
  const emails = (raw: string) => normalizeEntry({ name: 'Zed Qux', email: raw }, ctx).emails.map((m) => [m.display, m.junk]);
  assert.deepEqual(emails('ann@x.example/bo@y.example'), [
    ['ann@x.example', null],
    ['bo@y.example', null],
  ]);
  assert.deepEqual(emails('ann@x.example/b/c@y.example'), [
    ['ann@x.example', null],
    ['b/c@y.example', null],
  ]);
  assert.deepEqual(emails('jose@bücher.example/bo@y.example'), [
    ['jose@bücher.example', null],
    ['bo@y.example', null],
  ]);
  assert.deepEqual(emails('a/b@x.example'), [['a/b@x.example', null]]);
});

test('a note beside the address is not part of it: "ann@x.com [work]", "ann@x.com - home", "ann@x.com work", "Ann Lee - ann@x.com"', () => {
  for (const raw of [
    'ann@x.example [work]',
    'ann@x.example - home',
    'ann@x.example – home office',
    'ann@x.example work',
    'ann@x.example Work Email',
    'Ann Lee - ann@x.example',
    'Ann Lee — ann@x.example',
  ]) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.equal(v.display, 'ann@x.example', raw);
    assert.equal(v.key, 'ann@x.example', raw);
  }
  // A word that is no label, a second address, a lower-case word before the dash: which address or
  // whose is not known, as before.
  for (const bad of ['ann@x.example smith', 'ann@x.example - bo@y.example', 'ann - bo@x.example', 'ann@x.example [bo@y.example]', 'john smith@x.example']) {
    assert.equal(read(bad), null, bad);
  }
});

test('zero-width joiners in a Latin address, invisible operators and control characters at its ends are dropped; a Persian host keeps its joiner', () => {
  for (const raw of [
    'an\u200dn@example.com',
    'ann\u200c@example.com',
    'ann@exam\u200cple.com',
    'ann@example.com\u0000',
    '\u0007ann@example.com',
    'ann@example.com\u180e',
    'ann@exa\u2063mple.com',
  ]) {
    const v = read(raw);
    assert.ok(v, JSON.stringify(raw));
    assert.equal(v.display, 'ann@example.com', JSON.stringify(raw));
    assert.equal(v.key, 'ann@example.com', JSON.stringify(raw));
  }
  // A control character inside is never dropped (the rest would be another host); joiners of the
  // scripts that write them stay.
  assert.equal(read('ann@x.com\u0000junk'), null);
  assert.equal(read('ali@\u0646\u0631\u0645\u200c\u0627\u0641\u0632\u0627\u0631.\u0627\u06cc\u0631\u0627\u0646')?.display.includes('\u200c'), true);
  assert.equal(read('\u0930\u093e\u092e\u200d@example.com')?.display, '\u0930\u093e\u092e\u200d@example.com');
});

test('a full number beside the addresses of an e-mail list is a phone of the entry ("+1 415 555 0132; ann@x.com"); it was dropped', () => {
  const entry = (raw: string, region: CountryCode | null) => normalizeEntry({ name: 'Zed Qux', email: raw }, { region, sourceKey: 's' });
  for (const raw of ['+1 415 555 0132; ann@x.example', 'ann@x.example / +1 415 555 0132', 'ann@x.example, +1 (415) 555-0132']) {
    const e = entry(raw, null);
    assert.deepEqual(
      e.emails.map((m) => m.display),
      ['ann@x.example'],
      raw,
    );
    assert.deepEqual(
      e.phones.map((p) => p.key),
      ['p:+14155550132'],
      raw,
    );
  }
  // Only a number written with its '+': digits beside an address are more often a date, an order number or
  // a note about someone else, and a lenient plan reads almost any of them as a valid number (a review
  // found two cards with one date beside their addresses fused into one row holding a made-up number).
  for (const [raw, region] of [
    ['ann@x.example, (415) 555-0132', 'US'],
    ['ann@x.example; 2024-01-05', null],
    ['anna@web.example, 15.06.2024', 'DE'],
    ['ann@x.example; Bob: +1 415 555 0132', 'US'],
    ['ann@x.example; Order 4155550132', 'US'],
    ['ann@x.example; ISBN 978-3-16-148410-0', 'DE'],
  ] as const) {
    const e = entry(raw, region);
    assert.deepEqual(e.phones, [], raw);
    assert.deepEqual(
      e.emails.map((m) => m.display),
      [raw.slice(0, raw.search(/[;,]/))],
      raw,
    );
  }
  const fused = mergeEntries([
    normalizeEntry({ name: 'Anna Müller', email: 'anna@web.example, 15.06.2024' }, { region: 'DE', sourceKey: 's' }),
    normalizeEntry({ name: 'A. Müller', email: 'andreas@gmx.example, 15.06.2024' }, { region: 'DE', sourceKey: 's' }),
  ]);
  assert.equal(fused.length, 2);
});

test('"mailto://a@b" is the mailto: URI written with slashes; a web URL with an "@" is no address (it was kept as the mailbox "//jane@…")', () => {
  for (const raw of [
    'mailto://jane@example.com',
    'MAILTO://jane@example.com?subject=Hi',
    '<mailto://jane@example.com>',
    'Jane Roe <mailto://jane@example.com>',
  ]) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.equal(v.display, 'jane@example.com', raw);
    assert.equal(v.key, 'jane@example.com', raw);
  }
  for (const bad of ['http://jane@example.com', 'https://x.example/a@b.example', 'ftp://jane@example.com/']) assert.equal(read(bad), null, bad);
  // A label before an address is still no part of it.
  assert.equal(read('Work: jane@example.com')?.display, 'jane@example.com');
});

test('text holding another bracket before the address names nobody: "Jane Doe <n/a>, Rick Roe <n/a>" named its card "Jane Doe <n/a>, Rick Roe"', () => {
  assert.equal(displayNameOf('Jane Doe <n/a>, Rick Roe <n/a>'), null);
  assert.equal(displayNameOf('a > b <c@d.example>'), null);
  assert.equal(displayNameOf('Jane Doe <jane@x.example>'), 'Jane Doe');
  assert.equal(displayNameOf('"Ann <x> Lee" <ann@x.example>'), 'Ann <x> Lee');
  const e = normalizeEntry({ email: 'Jane Doe <n/a>, Rick Roe <n/a>', times_contacted: 1 }, { region: null, sourceKey: 's' });
  assert.equal(e.name, null);
});

test('a wrapper, chat formatting, a bullet or a label around an address is not part of it ("„ann@x.com“", "【ann@x.com】", "*ann@x.com*", "• ann@x.com", "work ann@x.com"); each was invalid, "¿ann@x.com?" the mailbox "¿ann@x.com"', () => {
  for (const raw of [
    '„ann@x-corp.example“',
    '‚ann@x-corp.example‘',
    '【ann@x-corp.example】',
    '《ann@x-corp.example》',
    '『ann@x-corp.example』',
    '「ann@x-corp.example」',
    '〈ann@x-corp.example〉',
    '‹ann@x-corp.example›',
    '»ann@x-corp.example«',
    '*ann@x-corp.example*',
    '_ann@x-corp.example_',
    '**ann@x-corp.example**',
    '__ann@x-corp.example__',
    'ann@x-corp.example…',
    '• ann@x-corp.example',
    '•ann@x-corp.example',
    '・ann@x-corp.example',
    '- ann@x-corp.example',
    '– ann@x-corp.example',
    'work ann@x-corp.example',
    'home email ann@x-corp.example',
    '¿ann@x-corp.example?',
    '¡ann@x-corp.example!',
    '【Ann Lee <ann@x-corp.example>】',
  ]) {
    const v = read(raw);
    assert.ok(v, raw);
    assert.equal(v.display, 'ann@x-corp.example', raw);
    assert.equal(v.key, 'ann@x-corp.example', raw);
    assert.equal(v.junk, null, raw);
  }
  // '*', '_' and '-' are atext: alone, or not around the whole, they are the local part's, as written.
  for (const raw of ['*ann@x.example', '*ann*@x.example', '_ann_@x.example', 'ann_@x.example', '-ann@x.example']) {
    assert.equal(read(raw)?.display, raw, raw);
  }
  // Nothing is made of what is no address inside, or of a word that is no label.
  for (const bad of [
    '*ann smith@x.example*',
    '„ann smith@x.example“',
    '【ann】',
    '*note*',
    '¿ann?',
    '- ann',
    'lunch ann@x.example',
    'work ann smith@x.example',
    '_ann@x.example*',
  ]) {
    assert.equal(read(bad), null, bad);
  }
  assert.equal(displayNameOf('work ann@x.example'), null);
});

test('a labelled or bulleted list in one e-mail field gives each address: "work a@x.com, home b@y.com", "Work: a@x.com Home: b@y.com", "• a@x.com\\n• b@y.com" (the first was lost)', () => {
  const emails = (raw: string) =>
    normalizeEntry({ name: 'Zed Qux', email: raw }, { region: null, sourceKey: 's' }).emails.map((m) => [m.display, m.key, m.junk]);
  const both = [
    ['ann@x-corp.example', 'ann@x-corp.example', null],
    ['ann.lee@gmail.com', 'annlee@gmail.com', null],
  ];
  for (const raw of [
    'work ann@x-corp.example, home ann.lee@gmail.com',
    'Work: ann@x-corp.example Home: ann.lee@gmail.com',
    'work ann@x-corp.example home ann.lee@gmail.com',
    'Work Email: ann@x-corp.example Home: ann.lee@gmail.com',
    '• ann@x-corp.example\n• ann.lee@gmail.com',
    '- ann@x-corp.example\n- ann.lee@gmail.com',
    '„ann@x-corp.example“, „ann.lee@gmail.com“',
  ]) {
    assert.deepEqual(emails(raw), both, raw);
  }
  // Words that are no labels make no list: one string, no address (kept unusable, as before).
  for (const raw of ['lunch ann@x-corp.example dinner ann.lee@gmail.com', 'ann@x-corp.example lunch ann.lee@gmail.com']) {
    const e = emails(raw);
    assert.equal(e.length, 1, raw);
    assert.equal(e[0]![2], 'invalid', raw);
  }
});

test('long runs of spacing or punctuation read as short ones (each cost its length squared: a review)', () => {
  const ctx = { region: 'US' as const, sourceKey: 's' };
  const keysOf = (email: string) => normalizeEntry({ name: 'Ann', email }, ctx).emails.map((e) => [e.key, e.junk]);
  for (const [long, short] of [
    ['ann@x.com,' + ' '.repeat(30_000) + 'bob@y.com', 'ann@x.com,' + ' '.repeat(16) + 'bob@y.com'],
    ['Ann Lee' + ' '.repeat(30_000) + '<ann@x.com>', 'Ann Lee' + ' '.repeat(16) + '<ann@x.com>'],
    ['ann@x.com' + '\n'.repeat(30_000) + 'bob@y.com', 'ann@x.com\nbob@y.com'],
    ['ann@x.com' + '.'.repeat(30_000), 'ann@x.com.'],
  ]) {
    assert.deepEqual(keysOf(long), keysOf(short), short);
  }
  // Garbage stays garbage: no address is made of it.
  for (const junk of ['Ann ' + '>'.repeat(30_000) + ' x', '@'.repeat(30_000), 'a@'.repeat(15_000)]) {
    assert.ok(
      keysOf(junk).every(([, j]) => j !== null),
      junk.slice(0, 20),
    );
  }
});
