/**
 * A business's line and a number the owner labelled as spam, on a phone book whose counts are calls
 * (src/domain/phone-kind.ts): kept, never left out, and ranked after the people of their group; a
 * person's mobile and landline, in any country, stay people.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { applyRankOptions, noSignals, parseRankOptions } from '../../src/domain/options.ts';
import type { CountryCode } from '../../src/domain/phone.ts';
import { businessLine, cardKind, isBusinessNumber, spamLabel } from '../../src/domain/phone-kind.ts';
import { rankContacts } from '../../src/domain/rank/index.ts';
import type { Contact, EntryInput } from '../../src/domain/types.ts';
import { owner, signals } from './rank-fixtures.ts';

function clean(entries: EntryInput[], region: CountryCode = 'US'): Contact[] {
  return mergeEntries(entries.map((e) => normalizeEntry(e, { region, sourceKey: 'ios:-' })));
}

/** The book cleaned, scored and ordered as the service answers it (explain on). */
function ranked(entries: EntryInput[], region: CountryCode = 'US') {
  const contacts = clean(entries, region);
  const scored = rankContacts(
    contacts.filter((c) => !c.junk),
    { owner: owner(), signals: signals(), explain: true, now: Date.UTC(2026, 0, 1) },
  );
  return { contacts, rows: applyRankOptions(scored, parseRankOptions({ explain: true }), noSignals(), []).rows };
}

/** The one contact of a card. */
function card(e: EntryInput, region: CountryCode = 'US'): Contact {
  const cs = clean([e], region);
  assert.equal(cs.length, 1, JSON.stringify(e));
  return cs[0]!;
}

describe('business lines: a card whose only numbers are toll-free, premium-rate, shared-cost or UAN ones', () => {
  it('the probe: a bank, a fraud line and a spam label called more than Mom rank after her, each kept, the shift named', () => {
    const { contacts, rows } = ranked([
      { name: 'Bank of America', phone: '1 (800) 432-1000', times_contacted: 6 },
      { name: 'Chase Fraud Alerts', phone: '1-800-955-9060', times_contacted: 3 },
      { name: 'SPAM - do not answer', phone: '+1 (213) 555-0142', times_contacted: 5 },
      { name: 'Mom', phone: '(415) 555-0101', times_contacted: 2 },
    ]);
    assert.equal(contacts.filter((c) => c.junk).length, 0, 'none is left out');
    assert.equal(rows[0]!.contact.name, 'Mom');
    assert.deepEqual(rows.map((r) => r.contact.name).sort(), ['Bank of America', 'Chase Fraud Alerts', 'Mom', 'SPAM - do not answer']);
    const shift = (name: string) => rows.find((r) => r.contact.name === name)!.explain!;
    assert.ok(shift('Bank of America').business_line! < 0);
    assert.ok(shift('Chase Fraud Alerts').business_line! < 0);
    assert.ok(shift('SPAM - do not answer').spam_label! < 0);
    assert.equal(shift('Mom').business_line, undefined);
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1]!.finalScore > rows[i]!.finalScore);
  });

  it('must rank after: business numbers of the US, UK, DE, FR and AU plans, called more than a person', () => {
    const lines: [CountryCode, string, string][] = [
      ['US', '1-800-432-1000', '(415) 555-0101'],
      ['US', '1-900-555-0100', '(415) 555-0101'],
      ['GB', '0800 800 150', '07911 123456'],
      ['GB', '0906 123 4567', '07911 123456'],
      ['GB', '0345 123 4567', '020 7946 0958'],
      ['DE', '0800 1234567', '0170 1234567'],
      ['DE', '0180 5 123456', '030 1234567'],
      ['DE', '0900 1 234567', '030 1234567'],
      ['FR', '0800 12 34 56', '06 12 34 56 78'],
      ['FR', '0810 12 34 56', '01 42 34 56 78'],
      ['FR', '0899 12 34 56', '01 42 34 56 78'],
      ['AU', '1800 123 456', '0412 345 678'],
      ['AU', '1300 123 456', '02 9012 3456'],
    ];
    for (const [region, line, person] of lines) {
      const { contacts, rows } = ranked(
        [
          { name: 'Helpline', phone: line, times_contacted: 9 },
          { name: 'Mum', phone: person, times_contacted: 1 },
        ],
        region,
      );
      assert.ok(
        contacts.every((c) => !c.junk),
        `${region} ${line}: kept`,
      );
      assert.deepEqual(
        rows.map((r) => r.contact.name),
        ['Mum', 'Helpline'],
        `${region} ${line}`,
      );
      assert.ok(rows[1]!.explain!.business_line! < 0, `${region} ${line}: the shift is named`);
    }
  });

  it('must keep: a toll-free-only card is kept (the owner called it), not dropped, and not marked unusable', () => {
    const c = card({ name: 'Bank of America', phone: '1 (800) 432-1000', times_contacted: 6 });
    assert.equal(c.junk, false);
    assert.equal(c.unusable, undefined);
    assert.deepEqual(
      c.phones.map((p) => p.display),
      ['+18004321000'],
    );
    assert.equal(cardKind(c), 'business_line');
    // Never called, it is kept as well: a number is something to invite.
    assert.equal(card({ name: 'Bank of America', phone: '1 (800) 432-1000' }).junk, false);
  });

  it('must keep people: a mobile and a landline in the US, UK, DE, FR and AU', () => {
    const people: [CountryCode, string][] = [
      ['US', '(415) 555-0101'],
      ['US', '(212) 555-0142'],
      ['GB', '07911 123456'],
      ['GB', '020 7946 0958'],
      ['DE', '0170 1234567'],
      ['DE', '030 1234567'],
      ['FR', '06 12 34 56 78'],
      ['FR', '01 42 34 56 78'],
      ['AU', '0412 345 678'],
      ['AU', '02 9012 3456'],
    ];
    for (const [region, phone] of people) {
      const c = card({ name: 'Ann Lee', phone, times_contacted: 3 }, region);
      assert.equal(cardKind(c), null, `${region} ${phone}`);
    }
  });

  it('must keep people: VoIP and personal numbers are no business line (UK 056 and 070, German 0700, French 09)', () => {
    for (const [region, phone] of [
      ['GB', '056 1234 5678'],
      ['GB', '070 1234 5678'],
      ['DE', '0700 12345678'],
      ['FR', '09 12 34 56 78'],
    ] as [CountryCode, string][]) {
      assert.equal(cardKind(card({ name: 'Ann Lee', phone, times_contacted: 3 }, region)), null, `${region} ${phone}`);
    }
  });

  it('must keep people: a toll-free number beside a personal address, a mobile, or with an extension', () => {
    const withMail = card({ name: 'Ann Lee', phone: '1-800-432-1000', email: 'ann.lee@gmail.com', times_contacted: 4 });
    assert.equal(cardKind(withMail), null);
    const withMobile = card({ name: 'Ann Lee', phones: ['1-800-432-1000', '(415) 555-0101'], times_contacted: 4 });
    assert.equal(withMobile.phones.length, 2);
    assert.equal(cardKind(withMobile), null);
    assert.equal(cardKind(card({ name: 'Ann Lee', phone: '1-800-432-1000 ext 245', times_contacted: 4 })), null);
    // Ranked: the person with the firm's freephone and her own address keeps her place above Mom.
    const { rows } = ranked([
      { name: 'Ann Lee', phone: '1-800-432-1000', email: 'ann.lee@gmail.com', times_contacted: 6 },
      { name: 'Mom', phone: '(415) 555-0101', times_contacted: 2 },
    ]);
    assert.deepEqual(
      rows.map((r) => r.contact.name),
      ['Ann Lee', 'Mom'],
    );
    assert.equal(rows[0]!.explain!.business_line, undefined);
  });

  it("a firm's role mailbox does not make a freephone card a person's; a number of no known country is no business line", () => {
    assert.equal(cardKind(card({ name: 'Acme Support', phone: '1-800-432-1000', email: 'support@acme.example', times_contacted: 4 })), 'business_line');
    assert.equal(businessLine({ emails: [], phones: [{ display: '0800 800 150', key: 'n:0800800150' }] }), false);
    assert.equal(businessLine({ emails: [], phones: [] }), false);
  });

  it('types numbers by the full plan, where the default metadata has no types (Germany, France)', () => {
    assert.equal(isBusinessNumber('+498001234567'), true);
    assert.equal(isBusinessNumber('+33800123456'), true);
    assert.equal(isBusinessNumber('+80012345678'), true); // international freephone (+800)
    assert.equal(isBusinessNumber('+491701234567'), false);
    assert.equal(isBusinessNumber('+14155550101'), false);
    assert.equal(isBusinessNumber('not a number'), false);
    assert.equal(isBusinessNumber('+'), false);
  });

  it('short codes stay senders as before (unusable, `sender` in explain)', () => {
    const { rows } = ranked([
      { name: 'Voicemail', phone: '*86', times_contacted: 9 },
      { name: 'Mom', phone: '(415) 555-0101', times_contacted: 1 },
    ]);
    assert.deepEqual(
      rows.map((r) => r.contact.name),
      ['Mom', 'Voicemail'],
    );
    assert.ok(rows[1]!.explain!.sender! < 0);
    assert.equal(rows[1]!.explain!.business_line, undefined);
  });
});

describe("spam labels: the owner's own name for a number to avoid", () => {
  it('reads labels in several languages, a label word anywhere in the name', () => {
    for (const name of [
      'Spam',
      'SPAM',
      'SPAM - do not answer',
      'Spam Likely',
      'Scam',
      'IRS Scam',
      'Telemarketer',
      'Robocall',
      'Do not answer',
      "Don't answer",
      'DON’T PICK UP',
      'No contestar',
      'Nicht abnehmen',
      'Nicht rangehen!',
      'Ne pas répondre',
      'Ne pas decrocher',
      'Non rispondere',
      'Não atender',
      'Werbeanruf',
      'Arnaque',
      'Estafa',
    ])
      assert.equal(spamLabel(name), true, name);
  });

  it('must keep people: a name with a phrase beside it, and names that merely hold the letters', () => {
    for (const name of ['Mom (do not answer)', 'Callum Spamford', 'Ann McCall', 'Amy Pond', 'Scamander', 'Marketing Team', 'Rita Antworth', 'Pickup Sports'])
      assert.equal(spamLabel(name), false, name);
  });

  it('a labelled card is kept and ranks after the people, the shift named `spam_label`', () => {
    const { contacts, rows } = ranked(
      [
        { name: 'Nicht abnehmen', phone: '030 1234567', times_contacted: 12 },
        { name: 'Mama', phone: '0170 1234567', times_contacted: 1 },
      ],
      'DE',
    );
    assert.ok(contacts.every((c) => !c.junk));
    assert.deepEqual(
      rows.map((r) => r.contact.name),
      ['Mama', 'Nicht abnehmen'],
    );
    assert.ok(rows[1]!.explain!.spam_label! < 0);
  });
});
