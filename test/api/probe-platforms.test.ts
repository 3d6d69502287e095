/**
 * A black-box probe's faults through the HTTP API, on each engine: received-only senders ranked among the
 * owner's people (places 2-10 of a small book), and phones written with a control character or as a
 * Mexican mobile's bare international digits.
 * - Bulk-sending platforms' hosts (GovDelivery/Granicus, Shopify Email, Square Marketing's
 *   messaging.squareup.com): received only, a `bulk_sender`; written to, kept (src/domain/junk.ts
 *   NEWSLETTER_HOSTS).
 * - A brand's persona written with ` at `, ` @ ` or ` | ` (`Maria at Typeform <maria@typeform.com>`) is a
 *   sender's name as `Anna from Miro` is (senderName); `Tom @ Acme` from a Gmail address, `Kevin
 *   (Calendly)` and a persona the owner wrote to stay.
 * - A phone with a NUL or another control character inside (`"+1415\u00005550123"`) is read without it,
 *   and joins the person's other card on that number; no control character comes back.
 * - A Mexican mobile as bare international digits with the old mobile 1 (`5215512345678`) in a British book
 *   joins the same person on `+52 55 1234 5678`, as other countries' bare digits join theirs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const RECEIVED = '2026-11-20T08:00:00Z';
const SENT = '2026-11-18T10:00:00Z';

for (const engine of ENGINES) {
  describe(`probe: platforms, personas and phones on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("bulk platforms' senders received only are left out as bulk senders; one the owner wrote to stays", async () => {
      const platforms = [
        ['U.S. Citizenship and Immigration Services', 'uscis@public.govdelivery.com'],
        ['IRS', 'irs@service.govdelivery.com'],
        ['City of Boston', 'cityofboston@service.govdelivery.com'],
        ["Joe's Barbershop", 'joesbarbershop@messaging.squareup.com'],
        ['Maria Lopez', 'maria@messaging.squareup.com'],
        ['Blue Bottle', 'bluebottle@shopifyemail.com'],
      ];
      const entries = [
        { name: 'Ann Lee', email: 'ann.lee@example.org', times_contacted: 5, last_message_sent_date: SENT, last_message_received_date: RECEIVED },
        ...platforms.map(([name, email]) => ({ name, email, last_message_received_date: RECEIVED })),
        { name: 'Kenji Sato', email: 'kenji.sato@gmail.com', last_message_received_date: RECEIVED },
        // Must keep: Square's staff at squareup.com, and a shop's host the owner wrote to.
        { name: 'Dana Fox', email: 'dana@squareup.com', last_message_received_date: RECEIVED },
        { name: 'Corner Bakery', email: 'cornerbakery@messaging.squareup.com', times_contacted: 1, last_message_sent_date: SENT },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'platforms',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        include_left_out: 1,
        entries,
      });
      assert.equal(r.status, 200, r.text);
      const names: string[] = r.body.data.map((d: any) => d.name);
      assert.deepEqual(new Set(names), new Set(['Ann Lee', 'Kenji Sato', 'Dana Fox', 'Corner Bakery']), JSON.stringify(names));
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        platforms.map((_, i) => [i + 1, 'bulk_sender']),
      );
    });

    it("a brand's persona with `at`, `@` or `|` is left out received only, as with `from`; people and one written to stay", async () => {
      const personas = [
        ['Maria at Typeform', 'maria@typeform.com'],
        ['Sam @ Loom', 'sam@loom.com'],
        ['Jessica | Mailchimp', 'jessica@mailchimp.com'],
        ['Anna from Miro', 'anna@miro.com'],
      ];
      const entries = [
        { name: 'Ann Lee', email: 'ann.lee@example.org', times_contacted: 5, last_message_sent_date: SENT, last_message_received_date: RECEIVED },
        ...personas.map(([name, email]) => ({ name, email, last_message_received_date: RECEIVED })),
        { name: 'Tom @ Acme', email: 'tom@gmail.com', last_message_received_date: RECEIVED },
        { name: 'Ann Lee at Home', email: 'ann@lee.example', last_message_received_date: RECEIVED },
        { name: 'Kevin (Calendly)', email: 'kevin@calendly.com', last_message_received_date: RECEIVED },
        { name: 'Charles de Gaulle', email: 'charles@gaulle.fr', last_message_received_date: RECEIVED },
        { name: 'Ben at Notion', email: 'ben@notion.so', times_contacted: 2, last_message_sent_date: SENT },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'personas',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        include_left_out: 1,
        entries,
      });
      assert.equal(r.status, 200, r.text);
      const names: string[] = r.body.data.map((d: any) => d.name);
      assert.deepEqual(
        new Set(names),
        new Set(['Ann Lee', 'Tom @ Acme', 'Ann Lee at Home', 'Kevin (Calendly)', 'Charles de Gaulle', 'Ben at Notion']),
        JSON.stringify(names),
      );
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        personas.map((_, i) => [i + 1, 'bulk_sender']),
      );
    });

    it('a phone with a control character inside is normalised without it and joins the same number', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'controls',
        source: { type: 'gmail', email: 'olga.owner@gmail.com', phone: '+14155550100' },
        entries: [
          { name: 'Ann Lee', phone: '+1415\u00005550123', times_contacted: 2 },
          { name: 'Ann Lee', email: 'ann.lee@example.org', phones: ['(415) 555-0123'] },
          { name: 'Bo Chen', phones: ['\u0007+1 415 555 0188\u001b'], times_contacted: 1 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]);
      assert.deepEqual(rows, [
        ['Ann Lee', ['+14155550123']],
        ['Bo Chen', ['+14155550188']],
      ]);
      for (const d of r.body.data) for (const p of d.phones as string[]) for (const ch of p) assert.ok(ch.charCodeAt(0) >= 32, JSON.stringify(p));
      assert.ok(!r.text.includes('\\u0000'), r.text);
    });

    it("a Mexican mobile's bare digits with the old 1 join the person's +52 number in a British book", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'mexico',
        source: { type: 'gmail', email: 'olga.owner@gmail.com', phone: '+447700900001' },
        entries: [
          { name: 'Lucía Pérez', email: 'lucia@example.mx', phones: ['+52 55 1234 5678'], times_contacted: 3 },
          { name: 'Lucía Pérez', phones: ['5215512345678'] },
          { name: 'Tom Hughes', phones: ['+44 7911 123456'], times_contacted: 2 },
          { name: 'Tom Hughes', phones: ['447911123456'] },
          { name: 'Claire Martin', phones: ['+33 6 12 34 56 78'], times_contacted: 1 },
          { name: 'Claire Martin', phones: ['33612345678'] },
          { name: 'Bob Stone', phones: ['5215598765432'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]);
      assert.deepEqual(
        rows.filter(([n]: [string]) => n === 'Lucía Pérez'),
        [['Lucía Pérez', ['+525512345678']]],
        JSON.stringify(rows),
      );
      assert.equal(rows.filter(([n]: [string]) => n === 'Tom Hughes').length, 1, JSON.stringify(rows));
      assert.equal(rows.filter(([n]: [string]) => n === 'Claire Martin').length, 1, JSON.stringify(rows));
      // Bare digits no card holds another reading of stay as written: nobody is made of the reading.
      assert.deepEqual(
        rows.filter(([n]: [string]) => n === 'Bob Stone'),
        [['Bob Stone', ['5215598765432']]],
        JSON.stringify(rows),
      );
    });
  });
}
