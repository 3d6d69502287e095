/**
 * Two HTTP probes of the fifty-fifth session, on each engine:
 * - two names of one family on a mailbox (`Dee Moss` on the family address in a Gmail export, `Ray Moss`
 *   with it and his mobile in the phone's contacts) were one row named Ray, ranked on Dee's twenty
 *   messages and invited on his mobile; Dee was nowhere. Now two rows, Dee first;
 * - the mail-in addresses of the owner's own apps (FollowUpThen, Todoist, OneNote, Instapaper), written to
 *   most, ranked above every person. Now left out as relays, said in `meta.cleaning`;
 * - `Mom` with her address (Gmail) and `Mom` with her mobile (the phone, starred) were two rows in the top
 *   3, the second with no `possible_duplicate`. Now the phone's row goes after the others, said in `explain`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; email: string | null; emails: string[]; phones: string[]; explain?: Record<string, number> };
const sent = (times: number) => ({ times_contacted: times, last_message_sent_date: '2026-10-21T10:00:00Z' });

for (const engine of ENGINES) {
  describe(`probe of the fifty-fifth session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('two names of one family on a mailbox are two rows, the one written to first', async () => {
      const user = 's55-family';
      const a = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'me@gmail.com' },
        entries: [
          { name: 'Dee Moss', emails: ['mossfamily@comcast.net'], ...sent(20) },
          { name: 'Ann Lee', emails: ['ann@lee.org'], ...sent(3) },
        ],
      });
      assert.equal(a.status, 200, a.text);
      const b = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios', phone: '+14155550999' },
        entries: [{ name: 'Ray Moss', phones: ['(415) 555-0144'], emails: ['mossfamily@comcast.net'] }],
      });
      assert.equal(b.status, 200, b.text);
      const g = await api.get(`/v0/address-book/${user}`);
      assert.equal(b.body.meta.cleaning.book_contacts, 3, JSON.stringify(b.body.meta.cleaning));
      assert.equal(g.body.meta.cleaning.contacts, 3, JSON.stringify(g.body.meta.cleaning));
      for (const r of [b, g]) {
        const rows = r.body.data as Row[];
        assert.deepEqual(
          rows.map((d) => [d.name, d.emails, d.phones]),
          [
            ['Dee Moss', ['mossfamily@comcast.net'], []],
            ['Ann Lee', ['ann@lee.org'], []],
            ['Ray Moss', ['mossfamily@comcast.net'], ['+14155550144']],
          ],
          r.text,
        );
      }
    });

    it("the mail-in addresses of the owner's own apps are left out as relays, and counted", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's55-apps',
        include_left_out: 1,
        source: { type: 'gmail', email: 'sam.hart@gmail.com' },
        entries: [
          { name: 'Ann Lee', email: 'ann.lee@gmail.com', ...sent(4) },
          { name: 'Bob Ray', email: 'bob.ray@yahoo.com', ...sent(3) },
          { name: 'FollowUpThen', email: '3days@followupthen.com', ...sent(25) },
          { name: 'Todoist', email: 'add.task.1234567.abcdef123456@todoist.net', ...sent(12) },
          { name: 'OneNote', email: 'me@onenote.com', ...sent(8) },
          { name: 'Instapaper', email: 'readlater.abc123xyz@instapaper.com', ...sent(8) },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        (r.body.data as Row[]).map((d) => d.name),
        ['Ann Lee', 'Bob Ray'],
      );
      const reasons = r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]);
      assert.deepEqual(reasons, [
        [2, 'relay'],
        [3, 'relay'],
        [4, 'relay'],
        [5, 'relay'],
      ]);
      assert.equal(r.body.meta.cleaning.left_out_by_reason.relay, 4, JSON.stringify(r.body.meta.cleaning));
    });

    it('`Mom` on the phone under `Mom` in the mail goes after the other rows, said in explain', async () => {
      const user = 's55-mom';
      assert.equal(
        (
          await api.post('/v0/address-book', {
            user_id: user,
            source: { type: 'gmail', email: 'me@gmail.com' },
            entries: [
              { name: 'Mom', email: 'linda.hart@comcast.net', ...sent(60) },
              { name: 'Ann Lee', email: 'ann@lee.org', ...sent(3) },
            ],
          })
        ).status,
        200,
      );
      const r = await api.post('/v0/address-book', {
        user_id: user,
        explain: 1,
        source: { type: 'ios', phone: '+14155550100' },
        entries: [
          { name: 'Mom', phones: ['(650) 555-0142'], is_favorite: 1 },
          { name: 'Bo Chen', phones: ['(650) 555-0177'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.deepEqual(
        rows.map((d) => [d.name, d.email ?? d.phones[0]]),
        [
          ['Mom', 'linda.hart@comcast.net'],
          ['Ann Lee', 'ann@lee.org'],
          ['Bo Chen', '+16505550177'],
          ['Mom', '+16505550142'],
        ],
        r.text,
      );
      assert.ok((rows[3]!.explain!.possible_duplicate ?? 0) < 0, JSON.stringify(rows[3]!.explain));
    });
  });
}
