/**
 * E-mail to SMS gateways (src/domain/sms-gateway.ts): the address is kept as written and the number it
 * carries is the card's too, so the card merges with the same number's card; addresses that only look
 * like one (another domain, a number abroad, no valid number) carry nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeEmail } from '../../src/domain/email.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import { gatewayNumber } from '../../src/domain/sms-gateway.ts';
import type { EntryInput } from '../../src/domain/types.ts';

function numberOf(address: string): string | null {
  const e = normalizeEmail(address);
  assert.ok(e !== null, address);
  return gatewayNumber(e)?.display ?? null;
}

function clean(entries: EntryInput[]) {
  return mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'US', sourceKey: 'ios:-' })));
}

describe('SMS gateway addresses', () => {
  it("a carrier's gateway carries its local part's number", () => {
    assert.equal(numberOf('4155550123@vtext.com'), '+14155550123');
    assert.equal(numberOf('14155550123@txt.att.net'), '+14155550123');
    assert.equal(numberOf('4155550123@TMOMAIL.NET'), '+14155550123');
    assert.equal(numberOf('6135550123@txt.bell.ca'), '+16135550123');
    assert.equal(numberOf('4155550123@msg.fi.google.com'), '+14155550123');
  });

  it("Google Voice's relay carries the contact's number, the second, not the owner's", () => {
    assert.equal(numberOf('16505550000.14155550123.k3Jx9-a_Z@txt.voice.google.com'), '+14155550123');
    assert.equal(numberOf('6505550000.4155550123.abc@txt.voice.google.com'), '+14155550123');
  });

  it('must not read: another domain, a name at a gateway, too few or too many digits, no valid number', () => {
    assert.equal(numberOf('4155550123@gmail.com'), null);
    assert.equal(numberOf('4155550123@vtext.example'), null);
    assert.equal(numberOf('ann.lee@vtext.com'), null);
    assert.equal(numberOf('5550123@vtext.com'), null);
    assert.equal(numberOf('4415555012345@vtext.com'), null);
    assert.equal(numberOf('0000000000@vtext.com'), null);
    assert.equal(numberOf('voice-noreply@txt.voice.google.com'), null);
    assert.equal(numberOf('16505550000@txt.voice.google.com'), null);
  });

  it("the gateway's card and the phone's card of one person are one row, the address kept", () => {
    const rows = clean([
      { name: 'Ann Lee', emails: ['4155550123@vtext.com'], times_contacted: 3 },
      { name: 'Ann Lee', phones: ['(415) 555-0123'] },
      { name: 'Ben Ray', phones: ['(415) 555-0188'] },
    ]);
    const live = rows.filter((c) => !c.junk);
    assert.equal(live.length, 2, JSON.stringify(live.map((c) => c.name)));
    const ann = live.find((c) => c.name === 'Ann Lee')!;
    assert.deepEqual(
      ann.emails.map((e) => e.display),
      ['4155550123@vtext.com'],
    );
    assert.deepEqual(
      ann.phones.map((p) => p.display),
      ['+14155550123'],
    );
  });

  it("a card holding only Google Voice's relay is the contact's number, and joins the contact's card", () => {
    const rows = clean([
      { name: 'Cara Diaz', emails: ['16505550000.14155550177.XyZ12@txt.voice.google.com'], last_message_sent_date: '2026-10-01' },
      { name: 'Cara Diaz', phones: ['+1 415 555 0177'], emails: ['cara@example.com'] },
    ]);
    const live = rows.filter((c) => !c.junk);
    assert.equal(live.length, 1, JSON.stringify(live.map((c) => c.name)));
    assert.deepEqual(
      live[0]!.phones.map((p) => p.display),
      ['+14155550177'],
    );
    assert.equal(live[0]!.emails.length, 2);
  });

  it('a number the card already holds is not added twice; the owner of a gateway elsewhere is untouched', () => {
    const e = normalizeEntry({ name: 'Dee', emails: ['4155550123@vtext.com'], phones: ['+1 (415) 555-0123'] }, { region: 'US', sourceKey: 'ios:-' });
    assert.deepEqual(
      e.phones.map((p) => p.display),
      ['+14155550123'],
    );
    const f = normalizeEntry({ name: 'Eli', emails: ['eli@example.com'] }, { region: 'US', sourceKey: 'ios:-' });
    assert.deepEqual(f.phones, []);
  });

  it("a WhatsApp ID is no address, and its number is the person's: one row with the phone's card of that number", () => {
    // A probe: `2348030007777@s.whatsapp.net` was a second row, the ID its address to invite.
    const ng = (entries: EntryInput[]) => mergeEntries(entries.map((e) => normalizeEntry(e, { region: 'NG', sourceKey: 'ios:-' })));
    const rows = ng([
      { name: 'Gbenga Bello', phone: '0803 000 7777', is_favorite: 1 },
      { name: 'Gbenga Bello', email: '2348030007777@s.whatsapp.net', times_contacted: 5 },
    ]);
    assert.deepEqual(
      rows.map((c) => [c.name, c.emails.length, c.phones.map((p) => p.key)]),
      [['Gbenga Bello', 0, ['p:+2348030007777']]],
    );
    // In a phone field, or as WhatsApp Web writes it: the number, no address.
    for (const entry of [
      { name: 'Ade', phone: '2348030001111@s.whatsapp.net' },
      { name: 'Ade', email: '2348030001111@c.us' },
    ]) {
      const [ade] = ng([entry]);
      assert.deepEqual(ade!.emails, [], JSON.stringify(entry));
      assert.deepEqual(
        ade!.phones.map((p) => p.key),
        ['p:+2348030001111'],
        JSON.stringify(entry),
      );
    }
    // A group's ID carries no one's number: written to, kept and marked unusable.
    const [group] = ng([{ name: 'Family group', email: '120363025246125486@g.us', times_contacted: 3 }]);
    assert.deepEqual(group!.phones, []);
    assert.equal(group!.unusable?.reason, 'invalid');
    assert.equal(normalizeEmail('2348030007777@s.whatsapp.net')!.junk, 'invalid');
  });
});
