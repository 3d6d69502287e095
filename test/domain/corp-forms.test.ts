/**
 * Corporate mail forms a black-box probe found misread (an owner on Exchange and Lotus Notes, Enron-style):
 * Outlook's `Name [SMTP:addr]`, empty groups (`undisclosed-recipients:;`), placeholder labels as names,
 * Lotus Notes and X.500 identities written several ways, `X on behalf of Y`, and the owner's own
 * directory identity. Must-keep cases beside every must-drop one.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tidyName } from '../../src/domain/display-name.ts';
import { displayNameOf, normalizeEmail } from '../../src/domain/email.ts';
import { mergeEntries, type SelfOf } from '../../src/domain/merge.ts';
import { isPlaceholderName } from '../../src/domain/merge/names.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const norm = (entries: EntryInput[]) => entries.map((e) => normalizeEntry(e, ctx));
const OWNER: SelfOf = { keys: ['e:owner.person@corp.com'], names: ['Owner Person'] };
const merge = (entries: EntryInput[], self: SelfOf = OWNER) => mergeEntries(norm(entries), undefined, self);
/** The rows a ranked list shows: contacts not left out. */
const rows = (cs: Contact[]) => cs.filter((c) => !c.junk);

test("Outlook's `Name [SMTP:addr]` and `Name (SMTP:addr)` are the address, and name the entry", () => {
  for (const [raw, key, name] of [
    ['John Smith [SMTP:john.smith@corp.com]', 'john.smith@corp.com', 'John Smith'],
    ['John Smith (SMTP:jon.smith@corp.com)', 'jon.smith@corp.com', 'John Smith'],
    ['[SMTP:bo.chen@corp.com]', 'bo.chen@corp.com', null],
    ['John Smith [smtp:john.smith@corp.com]', 'john.smith@corp.com', 'John Smith'],
  ] as const) {
    assert.equal(normalizeEmail(raw)?.key, key, raw);
    assert.equal(displayNameOf(raw), name, raw);
  }
  // Beside the plain form, one row.
  const cs = merge([
    { email: 'John Smith [SMTP:john.smith@corp.com]', times_contacted: 1 },
    { email: 'John Smith <john.smith@corp.com>', times_contacted: 1 },
  ]);
  assert.equal(rows(cs).length, 1);
  assert.equal(rows(cs)[0]!.name, 'John Smith');
  // Must keep: other labels in brackets are still no address.
  assert.equal(normalizeEmail('John Smith [X400:c=us;a=;p=corp;s=smith]'), null);
});

test('an empty group (`undisclosed-recipients:;`) names nobody: left out, never ranked', () => {
  for (const email of [
    'undisclosed-recipients:;',
    'Undisclosed-Recipient:;',
    '"Undisclosed Recipients" <>',
    'recipient list suppressed:;',
    'undisclosed-recipients:;@corp.com',
    'unlisted-recipients:; (no To-header on input)',
    // The label as an address's local part, a relay's rewrite (an HTTP probe found one ranked first).
    'undisclosed-recipients@corp.com',
    'Undisclosed.Recipients@corp.com',
    'recipient-list-not-shown@corp.com',
    'Recipient list not shown:;',
  ]) {
    const cs = merge([{ email, times_contacted: 40 }]);
    assert.equal(rows(cs).length, 0, email);
    assert.equal(cs[0]!.junkReason, 'nothing_to_invite', email);
  }
  const named = merge([{ name: 'undisclosed-recipients', times_contacted: 6 }]);
  assert.equal(rows(named).length, 0);
  assert.equal(named[0]!.junkReason, 'nothing_to_invite');
  // Beside a real address, the group is dropped and the person stays.
  const both = merge([{ name: 'Real Person', email: 'real.person@corp.com; undisclosed-recipients:;', times_contacted: 3 }]);
  assert.deepEqual(
    rows(both).map((c) => [c.name, c.emails[0]?.display]),
    [['Real Person', 'real.person@corp.com']],
  );
  // Must keep: a person whose name holds the word, and an empty-named address kept on evidence.
  assert.equal(isPlaceholderName('Recipients Smith'), false);
  const near = merge([
    { name: 'Ursula Rex', email: 'u.recipients@corp.com', times_contacted: 1 },
    { email: 'recipient@corp.com', times_contacted: 1 },
  ]);
  assert.deepEqual(
    rows(near)
      .map((c) => c.emails[0]?.display)
      .sort(),
    ['recipient@corp.com', 'u.recipients@corp.com'],
  );
  assert.equal(isPlaceholderName('Ann Lee'), false);
  const ann = merge([{ email: '"Ann Lee" <>', times_contacted: 2 }]);
  assert.equal(rows(ann).length, 1);
  assert.equal(rows(ann)[0]!.name, 'Ann Lee');
});

test('a placeholder label as a name names nobody: the owner\'s own card under "Undisclosed recipients" is `self`', () => {
  for (const name of [
    'Undisclosed recipients',
    'undisclosed-recipients',
    'Undisclosed-Recipients:;',
    'Recipient List Suppressed',
    'e-mail',
    'E-mail',
    'Email',
  ]) {
    assert.equal(isPlaceholderName(name), true, name);
  }
  const cs = merge([
    { name: 'Undisclosed recipients', email: 'owner.person@corp.com', times_contacted: 9 },
    { name: 'Real One', email: 'real.one@corp.com', times_contacted: 1 },
  ]);
  assert.deepEqual(
    rows(cs).map((c) => c.name),
    ['Real One'],
  );
  assert.equal(cs[0]!.junkReason, 'self');
  // `e-mail` as a name: shown unnamed, the address kept.
  const e = merge([{ name: 'e-mail', email: 'cy.d@corp.com', times_contacted: 1 }]);
  assert.equal(rows(e)[0]!.name, null);
  assert.equal(rows(e)[0]!.emails[0]?.display, 'cy.d@corp.com');
  // Must keep: names that hold such a word.
  for (const name of ['Emil', 'Emily Mail', 'Email Team Lee']) assert.equal(isPlaceholderName(name), false, name);
});

test('Lotus Notes names: the IMCEA spellings and the bare name are one identity; a flat name is named', () => {
  const a = normalizeEmail('IMCEANOTES-Jeff+20Dasovich_NA_Corp+40Corp@corp.com')!;
  const b = normalizeEmail('IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40Corp@corp.com')!;
  assert.equal(a.key, b.key);
  // The key stays what it was for the form already written with `_`.
  assert.equal(normalizeEmail('IMCEANOTES-Ann+20Lee_NA_Corp+40CORP@corp.example')?.key, 'imceanotes-ann+20lee_na_corp+40corp@corp.example');
  const cs = merge([
    { email: 'IMCEANOTES-Jeff+20Dasovich_NA_Corp+40Corp@corp.com', times_contacted: 2 },
    { email: 'IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40Corp@corp.com', times_contacted: 1 },
    { email: 'Jeff Dasovich/NA/Corp@Corp', times_contacted: 1 },
  ]);
  assert.deepEqual(
    rows(cs).map((c) => c.name),
    ['Jeff Dasovich'],
  );
  assert.equal(displayNameOf('IMCEANOTES-Joe+20Smith+40ECT@corp.com'), 'Joe Smith');
  assert.equal(normalizeEntry({ email: 'IMCEANOTES-Joe+20Smith+40ECT@corp.com' }, ctx).name, 'Joe Smith');
  // Must keep: a short name is no person's name; two Notes names are two people.
  assert.equal(displayNameOf('IMCEANOTES-jsmith+40ECT@corp.com'), null);
  const two = merge([
    { email: 'Jeff Dasovich/NA/Corp@Corp', times_contacted: 1 },
    { email: 'Jeff Skilling/NA/Corp@Corp', times_contacted: 1 },
  ]);
  assert.equal(rows(two).length, 2);
});

test('X.500 DNs are one identity in any case; the sorted and natural forms of one name on one DN are one row', () => {
  const cs = merge([
    { name: 'John Smith', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH', times_contacted: 7 },
    { email: '/o=corp/ou=na/cn=recipients/cn=jsmith', times_contacted: 2 },
    { name: 'Ward, Kim', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=KWARD', times_contacted: 2 },
    { name: 'Kim Ward', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=KWARD', times_contacted: 2 },
  ]);
  assert.deepEqual(
    rows(cs)
      .map((c) => c.name)
      .sort(),
    ['John Smith', 'Kim Ward'],
  );
  // Must keep: two names that cannot be one person on one DN stay two (a delegate's card); two DNs are two.
  const two = merge([
    { name: 'John Smith', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH', times_contacted: 7 },
    { name: 'Mary Jones', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH', times_contacted: 1 },
    { name: 'John Smith', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH2', times_contacted: 1 },
  ]);
  assert.equal(rows(two).length, 3);
});

test('names as Outlook and Notes write a sender: `X on behalf of Y` is X; an annotated address and Notes units are dropped', () => {
  assert.equal(tidyName('Sera, Sherri on behalf of Skilling, Jeff'), 'Sera, Sherri');
  assert.equal(tidyName('Ann Lee on behalf of Bo Chen'), 'Ann Lee');
  assert.equal(tidyName('John Smith (john.smith@corp.com)'), 'John Smith');
  assert.equal(tidyName('John Smith [john.smith@corp.com]'), 'John Smith');
  assert.equal(tidyName('John Smith/HOU/ECT'), 'John Smith');
  // Must keep.
  for (const name of ['AC/DC', 'Ann/Bob Smith', 'Tom/Jerry', 'Behalf Of Nobody', 'John Smith (Legal)', 'Ann Lee/HOU']) assert.equal(tidyName(name), name, name);
  const cs = merge([
    { name: 'John Smith (john.smith@corp.com)', email: 'john.smith@corp.com', times_contacted: 2 },
    { name: 'John Smith', email: 'john.smith@corp.com', times_contacted: 1 },
    { name: 'Sera, Sherri on behalf of Skilling, Jeff', email: 'sherri.sera@corp.com', times_contacted: 2 },
  ]);
  assert.deepEqual(
    rows(cs).map((c) => c.name),
    ['John Smith', 'Sera, Sherri'],
  );
});

test("the owner's own directory identity (Notes name, X.500 DN, IMCEANOTES) under the owner's full name is `self`", () => {
  const cs = merge([
    { email: 'IMCEANOTES-Owner+20Person+2FHOU+2FECT+40ECT@corp.com', times_contacted: 3 },
    { name: 'Person, Owner', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=OPERSON', times_contacted: 3 },
    { email: 'Owner Person/HOU/ECT@ECT', times_contacted: 3 },
    { name: 'Real One', email: 'real.one@corp.com', times_contacted: 1 },
  ]);
  assert.deepEqual(
    rows(cs).map((c) => c.name),
    ['Real One'],
  );
  for (const c of cs.filter((c) => c.junk)) assert.equal(c.junkReason, 'self');
  // Must keep: one word of the name, another name, the owner's name with a real address or a number of
  // its own, and any of these when the owner's name is unknown.
  const keep = merge([
    { name: 'Owner', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=OWNER', times_contacted: 3 },
    { email: 'Owner Smith/HOU/ECT@ECT', times_contacted: 3 },
    { name: 'Owner Person', email: 'owner.person@other.example', times_contacted: 3 },
    { name: 'Owner Person', email: 'Owner Person/HOU/ECT@ECT', phone: '+1 415 555 0123', times_contacted: 3 },
  ]);
  assert.equal(rows(keep).length, 4);
  const unknown = merge([{ email: 'Owner Person/HOU/ECT@ECT', times_contacted: 3 }], { keys: ['e:owner.person@corp.com'], names: [] });
  assert.equal(rows(unknown).length, 1);
});
