/**
 * A probe of phone books as Android sends them (times_contacted counts calls), through real HTTP on each
 * engine:
 * - the call log's cards for callers who hid their number (`Private Number`, `Withheld`, `No Caller ID`,
 *   `Rufnummer unterdrückt`, the number field `Private` or Android's `-2`) were rows ranked above the one
 *   person of the book: they name no one and hold no number, so they are left out, with the reason;
 * - cards on a service's or a carrier's short code (`Voicemail` on `*86`, `Balance Enquiry` on `*123#`,
 *   `Police` on `100`), called often, ranked above the people: kept (the owner called them), but after
 *   the people, as a sender is, with `explain` showing the shift.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

for (const engine of ENGINES) {
  describe(`probe of call-log cards on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('withheld callers are left out as nothing to invite, counted and listed; the person stays', async () => {
      const entries = [
        { name: 'Sam Patel', phones: ['07700 900111'], times_contacted: 3 },
        { name: 'Private Number', phones: ['Private'], times_contacted: 4 },
        { name: 'Withheld', phones: ['Withheld'], times_contacted: 4 },
        { name: 'No Caller ID', phones: ['No Caller ID'], times_contacted: 4 },
        { phones: ['-2'], times_contacted: 4 },
        { name: 'Anonymous', phones: ['-1'], times_contacted: 9 },
        { name: 'Rufnummer unterdrückt', phones: ['Unbekannt'], times_contacted: 2 },
        { name: 'Numéro masqué', phones: ['-3'], times_contacted: 2 },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'calls-withheld',
        include_left_out: 1,
        source: { type: 'android', phone: '+44 7700 900000' },
        entries,
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.phones]),
        [['Sam Patel', ['+447700900111']]],
      );
      const out = r.body.meta.left_out_entries as { index: number; reason: string }[];
      assert.deepEqual(
        out.map((o) => o.index).sort((a, b) => a - b),
        [1, 2, 3, 4, 5, 6, 7],
      );
      for (const o of out) assert.equal(o.reason, 'nothing_to_invite', JSON.stringify(o));
      // The summary adds up: read = contacts + merged + left out.
      const c = r.body.meta.cleaning;
      assert.equal(c.entries_read, entries.length);
      assert.equal(c.contacts + c.merged + c.left_out, entries.length);
      assert.deepEqual(c.left_out_by_reason, { nothing_to_invite: 7 });
      // A person's card with a number keeps the number; only the placeholder name goes.
      const p = await api.post('/v0/address-book', {
        user_id: 'calls-withheld-2',
        source: { type: 'android', phone: '+44 7700 900000' },
        entries: [{ name: 'Private', phones: ['07700 900222'], times_contacted: 1 }],
      });
      assert.equal(p.status, 200, p.text);
      assert.deepEqual(
        p.body.data.map((d: any) => [d.name, d.phones]),
        [[null, ['+447700900222']]],
      );
    });

    it('short codes called often are kept, after the people, shifted as senders', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'calls-codes',
        explain: 1,
        source: { type: 'android', phone: '+91 98100 00000' },
        entries: [
          { name: 'Voicemail', phones: ['*86'], times_contacted: 50 },
          { name: 'Balance Enquiry', phones: ['*123#'], times_contacted: 20 },
          { name: 'Police', phones: ['100'], times_contacted: 1 },
          { name: 'Amit Kumar', phones: ['98100 11111'], times_contacted: 3 },
          { name: 'Neha Singh', phones: ['98100 22222'], times_contacted: 2 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const names = r.body.data.map((d: any) => d.name);
      assert.deepEqual(names.slice(0, 2), ['Amit Kumar', 'Neha Singh']);
      assert.deepEqual(names.slice(2), ['Voicemail', 'Balance Enquiry', 'Police']);
      for (const d of r.body.data.slice(2)) {
        assert.deepEqual(d.phones, [], d.name);
        assert.equal(d.unusable.reason, 'nothing_to_invite', d.name);
        assert.ok(d.explain.sender < 0, `${d.name}: ${JSON.stringify(d.explain)}`);
      }
    });

    it("a business's line (freephone, premium rate) and a card labelled as spam are kept after the people, shifted; GET ranks the same", async () => {
      const user = 'calls-business';
      const r = await api.post('/v0/address-book', {
        user_id: user,
        explain: 1,
        source: { type: 'ios', phone: '+1 415 555 0100' },
        entries: [
          { name: 'Bank of America', phone: '1 (800) 432-1000', times_contacted: 6 },
          { name: 'Chase Fraud Alerts', phone: '1-800-955-9060', times_contacted: 3 },
          { name: 'SPAM - do not answer', phone: '+1 (213) 555-0142', times_contacted: 5 },
          { name: 'Mom', phone: '(415) 555-0101', times_contacted: 2 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.cleaning.left_out, 0);
      const rows = r.body.data as { name: string; phones: string[]; explain: Record<string, number> }[];
      assert.equal(rows[0]!.name, 'Mom');
      assert.deepEqual(
        rows
          .map((d) => d.name)
          .slice(1)
          .sort(),
        ['Bank of America', 'Chase Fraud Alerts', 'SPAM - do not answer'],
      );
      const shift = (name: string) => rows.find((d) => d.name === name)!.explain;
      assert.ok(shift('Bank of America').business_line! < 0, JSON.stringify(shift('Bank of America')));
      assert.ok(shift('Chase Fraud Alerts').business_line! < 0);
      assert.ok(shift('SPAM - do not answer').spam_label! < 0);
      assert.deepEqual(rows.find((d) => d.name === 'Bank of America')!.phones, ['+18004321000']);
      const g = await api.get(`/v0/address-book/${user}`);
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((d: { name: string }) => d.name),
        rows.map((d) => d.name),
      );
    });
  });
}
