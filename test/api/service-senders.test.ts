/**
 * Received-only service senders through the HTTP API, on each engine (src/domain/sender-cards.ts
 * serviceSender): a black-box probe of a Gmail book with one person the owner wrote to and brands' and
 * services' cards only ever received from (`Naver Pay <navpay@naver.com>`, `NHS App
 * <nhsapp@notifications.service.gov.uk>`, `Deutsche Bahn <buchungsbestaetigung@bahn.de>`, ...) ranked them
 * 2-10 with no `sender` shift, tied with or above people who only wrote to the owner. They now go after the
 * people (`sender` in `explain`), none left out; received-only people at personal domains keep their places,
 * and a service's card the owner wrote to ranks as it scores.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const RECEIVED = '2026-11-20T08:00:00Z';
const SENDERS: readonly (readonly [string, string])[] = [
  ['Naver Pay', 'navpay@naver.com'],
  ['AT&T', 'att-services.cn.12345@emaildl.att-mail.com'],
  ['WeChat Pay', 'wxpay@tencent.com'],
  ['American Express', 'AmericanExpress@welcome.aexp.com'],
  ['Deutsche Bahn', 'buchungsbestaetigung@bahn.de'],
  ['NHS App', 'nhsapp@notifications.service.gov.uk'],
  ['PlayStation', 'Sony@email.sonyentertainmentnetwork.com'],
  ['NYT Cooking', 'nytcooking@nytimes.com'],
  ['M-Pesa', 'mpesa@safaricom.co.ke'],
];
const PEOPLE: readonly (readonly [string, string])[] = [
  ['Maria Jones', 'maria@jonesfamily.net'],
  ['Kenji Sato', 'kenji.sato@gmail.com'],
  ['Jones', 'jones@jonesfamily.net'],
  ['Anna', 'anna@studio-anna.com'],
];

for (const engine of ENGINES) {
  describe(`received-only service senders on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("the probe's book: the person written to, then the people who wrote, then the services; none left out", async () => {
      const entries = [
        {
          name: 'Ann Lee',
          email: 'ann.lee@example.org',
          times_contacted: 5,
          last_message_sent_date: '2026-11-18T10:00:00Z',
          last_message_received_date: RECEIVED,
        },
        ...[...SENDERS, ...PEOPLE].map(([name, email]) => ({ name, email, last_message_received_date: RECEIVED })),
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'services',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        include_left_out: 1,
        explain: 1,
        entries,
      });
      assert.equal(r.status, 200, r.text);
      const names: string[] = r.body.data.map((d: any) => d.name);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      assert.equal(names.length, 1 + SENDERS.length + PEOPLE.length, JSON.stringify(names));
      assert.equal(names[0], 'Ann Lee', JSON.stringify(names));
      assert.deepEqual(new Set(names.slice(1, 1 + PEOPLE.length)), new Set(PEOPLE.map(([n]) => n)), JSON.stringify(names));
      assert.deepEqual(new Set(names.slice(1 + PEOPLE.length)), new Set(SENDERS.map(([n]) => n)), JSON.stringify(names));
      for (const d of r.body.data) {
        if (SENDERS.some(([n]) => n === d.name)) assert.ok(d.explain.sender < 0, `${d.name}: ${JSON.stringify(d.explain)}`);
        else assert.equal(d.explain.sender, undefined, `${d.name}: ${JSON.stringify(d.explain)}`);
      }
    });

    it('a service the owner wrote to ranks as it scores', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'services-written',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        explain: 1,
        entries: [
          { name: 'Kenji Sato', email: 'kenji.sato@gmail.com', last_message_received_date: RECEIVED },
          { name: 'Naver Pay', email: 'navpay@naver.com', times_contacted: 2, last_message_sent_date: '2026-11-19T10:00:00Z' },
          { name: 'Deutsche Bahn', email: 'buchungsbestaetigung@bahn.de', times_contacted: 1, last_message_sent_date: '2026-11-19T10:00:00Z' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const names: string[] = r.body.data.map((d: any) => d.name);
      assert.equal(names[2], 'Kenji Sato', JSON.stringify(names));
      for (const d of r.body.data) assert.equal(d.explain.sender, undefined, `${d.name}: ${JSON.stringify(d.explain)}`);
    });
  });
}
