/**
 * Senders through HTTP (the fifty-fourth session), on each engine:
 * - a brand's desk named after its own domain (`京东 <jd_service@jd.com>`, `ドコモ <docomo-info@docomo.ne.jp>`),
 *   received only, ranked among the people: the name, in the brand's own script, said nothing the rules
 *   read; the mailbox (the domain's name and a sender's word) now says it. Written to, it stays;
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };
const received = { last_message_received_date: '2026-11-01T09:00:00Z' };

for (const engine of ENGINES) {
  describe(`probe of the fifty-fourth session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("a brand's desk named after its own domain is left out as a bulk sender when received only, kept when written to", async () => {
      const r = await api.post('/v0/address-book', {
        include_left_out: 1,
        user_id: 's54-desks',
        source: { type: 'gmail', email: 'owner@home.example' },
        entries: [
          { name: 'Ann Lee', email: 'ann@lee.example', ...received },
          { name: '京东', email: 'jd_service@jd.com', ...received },
          { name: 'ドコモ', email: 'docomo-info@docomo.ne.jp', ...received },
          { name: 'Jones', email: 'jones.mail@jones.net', ...received },
          { name: 'Acme', email: 'acme_service@acme.com', times_contacted: 1, ...received },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.deepEqual(rows.map((d) => d.name).sort(), ['Acme', 'Ann Lee', 'Jones'], r.text);
      const reasons = Object.fromEntries(r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]));
      assert.deepEqual(reasons, { 1: 'bulk_sender', 2: 'bulk_sender' });
      assert.equal(r.body.meta.cleaning.left_out_by_reason.bulk_sender, 2, JSON.stringify(r.body.meta.cleaning));
      const g = await api.get('/v0/address-book/s54-desks');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual((g.body.data as Row[]).map((d) => d.name).sort(), ['Acme', 'Ann Lee', 'Jones']);
    });
  });
}
