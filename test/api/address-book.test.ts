/** POST/GET/DELETE /v0/address-book over real HTTP, on SQLite and PostgreSQL. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function person(i: number, extra: Record<string, unknown> = {}) {
  return { name: `Person ${i}`, emails: [`person${i}@example.com`], times_contacted: i, ...extra };
}

for (const engine of ENGINES) {
  describe(`address book on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('POST returns the ranked list with the documented envelope', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 123,
        source: { type: 'gmail', email: 'owner@acme.com' },
        entries: [person(1), person(5, { data: { crm: 'x' } }), { name: 'Nobody' }],
      });
      assert.equal(r.status, 200, r.text);
      assert.match(r.body.batch_id, UUID);
      assert.equal(r.body.message, 'Address book for 123 added.');
      assert.equal(r.body.meta.app_name, api.appName);
      assert.equal(r.body.meta.user_id, '123');
      assert.equal(typeof r.body.meta.time, 'number');
      assert.equal(r.body.meta.total_count, r.body.data.length);
      // The entry with nothing to invite is dropped from the ranked list.
      assert.equal(r.body.data.length, 2);
      const [first, second] = r.body.data;
      assert.deepEqual(first.emails, ['person5@example.com']);
      assert.equal(first.email, 'person5@example.com');
      assert.deepEqual(first.data, { crm: 'x' });
      assert.deepEqual(second.data, {});
      assert.equal(first.phone, null);
      assert.deepEqual(first.phones, []);
      assert.equal(first.rank, 1);
      assert.equal(second.rank, 2);
      assert.ok(first.score >= second.score);
    });

    it('explain: a role mailbox the owner writes to is kept below a person written to as often; a colleague at a subdomain shares the domain', async () => {
      const sent = '2026-10-01T09:00:00Z';
      const r = await api.post('/v0/address-book', {
        user_id: 'role-and-domain',
        source: { type: 'gmail', email: 'owner@ect.corp.example' },
        entries: [
          { emails: ['legal@corp.example'], times_contacted: 40, last_message_sent_date: sent },
          { emails: ['ann.lee@corp.example'], times_contacted: 40, last_message_sent_date: sent },
          { emails: ['bo@notcorp.example'], times_contacted: 40, last_message_sent_date: sent },
        ],
        explain: 1,
      });
      assert.equal(r.status, 200, r.text);
      const byEmail = new Map(r.body.data.map((row: { email: string }) => [row.email, row]));
      const desk = byEmail.get('legal@corp.example') as { rank: number; explain: Record<string, number> };
      const ann = byEmail.get('ann.lee@corp.example') as { rank: number; explain: Record<string, number> };
      const bo = byEmail.get('bo@notcorp.example') as { rank: number; explain: Record<string, number> };
      assert.ok(desk && ann && bo, 'all three are in the list');
      assert.equal(desk.explain.role_email, -1);
      assert.equal(ann.explain.role_email, undefined);
      assert.equal(ann.explain.same_domain, 0.05);
      assert.equal(bo.explain.same_domain, undefined);
      assert.deepEqual(
        [ann, bo, desk].map((x) => x.rank),
        [1, 2, 3],
      );
    });

    it('GET returns the same cleaned, merged, ranked list with rank and score', async () => {
      const user = 'get-user';
      const post = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios' },
        entries: [person(1), person(2), person(3)],
      });
      assert.equal(post.status, 200, post.text);
      const r = await api.get(`/v0/address-book/${user}`);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data, post.body.data);
      assert.equal(r.body.meta.user_id, user);
      assert.equal(r.body.meta.total_count, 3);
      assert.equal(typeof r.body.meta.docs, 'string');
      assert.equal(typeof r.body.meta.help, 'string');
      for (const row of r.body.data) {
        assert.equal(typeof row.rank, 'number');
        assert.equal(typeof row.score, 'number');
      }
    });

    it('merges uploads from several sources: one person comes back once with every address', async () => {
      const user = 'merge-user';
      await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'me@example.net' },
        entries: [{ name: 'Zoë Müller', emails: ['Zoe@Example.com'], times_contacted: 3 }],
        backfill: 1,
      });
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'android', phone: '+14155550100' },
        entries: [
          { name: 'Zoe Mueller', emails: ['zoe@example.com', 'zoe.work@acme.org'], phones: ['+1 415 555 0123'] },
          { name: 'Zoë', phone: '(415) 555-0123' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 1, JSON.stringify(r.body.data));
      const zoe = r.body.data[0];
      assert.equal(zoe.emails.length, 2);
      assert.ok(zoe.emails.includes('Zoe@Example.com') || zoe.emails.includes('zoe@example.com'));
      assert.ok(zoe.emails.includes('zoe.work@acme.org'));
      assert.deepEqual(zoe.phones, ['+14155550123']);
    });

    it('N batches of the same source give the same result as one upload', async () => {
      const entries = Array.from({ length: 60 }, (_, i) => ({
        name: `P${i % 45}`,
        emails: [`p${i % 45}@example.com`],
        phones: i % 3 === 0 ? [`+1415555${String(1000 + (i % 45)).padStart(4, '0')}`] : [],
        times_contacted: (i * 7) % 13,
        last_message_sent_date: 1_700_000_000 + i * 3600,
      }));
      const source = { type: 'gmail', email: 'batcher@example.com' };
      const one = await api.post('/v0/address-book', { user_id: 'one-upload', source, entries });
      assert.equal(one.status, 200, one.text);
      for (let i = 0; i < entries.length; i += 20) {
        const b = await api.post('/v0/address-book', { user_id: 'batched', source, entries: entries.slice(i, i + 20), backfill: 1 });
        assert.equal(b.status, 200, b.text);
      }
      const batched = await api.get('/v0/address-book/batched');
      assert.equal(batched.status, 200);
      assert.equal(batched.body.data.length, 45);
      assert.deepEqual(batched.body.data, one.body.data);
    });

    it('backfill=1 stores and returns no data', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'bf', source: {}, entries: [person(1)], backfill: 1 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data, undefined);
      assert.match(r.body.batch_id, UUID);
      assert.equal(r.body.message, 'Address book for bf added.');
      assert.equal(r.body.meta.user_id, 'bf');
      const g = await api.get('/v0/address-book/bf');
      assert.equal(g.body.data.length, 1);
    });

    it('DELETE removes the book; GET and DELETE then answer 404', async () => {
      await api.post('/v0/address-book', { user_id: 'del', source: {}, entries: [person(1)], backfill: 1 });
      const d = await api.del('/v0/address-book/del');
      assert.equal(d.status, 200, d.text);
      assert.equal(d.body.message, 'Address book for del deleted.');
      assert.equal(typeof d.body.meta.time, 'number');
      const g = await api.get('/v0/address-book/del');
      assert.equal(g.status, 404);
      assert.equal(g.body.code, 'address_book_not_found');
      const d2 = await api.del('/v0/address-book/del');
      assert.equal(d2.status, 404);
      assert.equal(d2.body.code, 'address_book_not_found');
    });

    it('limit caps the rows (POST and GET)', async () => {
      const entries = Array.from({ length: 10 }, (_, i) => person(i + 1));
      const p = await api.post('/v0/address-book', { user_id: 'lim', source: {}, entries, limit: 3 });
      assert.equal(p.body.data.length, 3);
      assert.equal(p.body.meta.total_count, 3);
      assert.deepEqual(
        p.body.data.map((r: { rank: number }) => r.rank),
        [1, 2, 3],
      );
      const g = await api.get('/v0/address-book/lim?limit=4');
      assert.equal(g.body.data.length, 4);
      const all = await api.get('/v0/address-book/lim');
      assert.equal(all.body.data.length, 10);
      // A 64-bit "no limit" (2^63 - 1, beyond 2^53 - 1), in the query and in the body: every row.
      const huge = await api.get('/v0/address-book/lim?limit=9223372036854775807');
      assert.equal(huge.status, 200, huge.text);
      assert.equal(huge.body.data.length, 10);
      const hugeBody = await api.request('POST', '/v0/address-book', {
        raw: `{"user_id": "lim", "source": {}, "entries": [], "limit": 9223372036854775807}`,
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(hugeBody.status, 200, hugeBody.text);
      assert.equal(hugeBody.body.data.length, 10);
    });

    it('filter_blank_names leaves out rows without a name', async () => {
      const entries = [person(1), { emails: ['noname@example.com'], times_contacted: 50 }, { name: '   ', emails: ['blank@example.com'] }];
      const without = await api.post('/v0/address-book', { user_id: 'blank', source: {}, entries });
      assert.equal(without.body.data.length, 3);
      const r = await api.post('/v0/address-book', { user_id: 'blank', source: {}, entries: [], filter_blank_names: 1 });
      assert.deepEqual(
        r.body.data.map((x: { email: string }) => x.email),
        ['person1@example.com'],
      );
      const g = await api.get('/v0/address-book/blank?filter_blank_names=true');
      assert.equal(g.body.data.length, 1);
    });

    it('filter_existing_users and promote_existing_users use the users endpoint', async () => {
      const entries = [person(1), person(2), person(9)];
      await api.post('/v0/address-book', { user_id: 'eu', source: {}, entries, backfill: 1 });
      const u = await api.post('/v0/users', [{ id: 77, email: 'PERSON1@example.com' }]);
      assert.equal(u.status, 200, u.text);
      const plain = await api.get('/v0/address-book/eu');
      assert.equal(plain.body.data[plain.body.data.length - 1].email, 'person1@example.com');
      const promoted = await api.get('/v0/address-book/eu?promote_existing_users=1');
      assert.equal(promoted.body.data[0].email, 'person1@example.com');
      for (let i = 1; i < promoted.body.data.length; i++) assert.ok(promoted.body.data[i - 1].score >= promoted.body.data[i].score);
      const filtered = await api.get('/v0/address-book/eu?filter_existing_users=1');
      assert.deepEqual(filtered.body.data.map((x: { email: string }) => x.email).sort(), ['person2@example.com', 'person9@example.com']);
    });

    it('filter_invites_sent leaves out contacts this user invited (and only this user)', async () => {
      await api.post('/v0/address-book', { user_id: 'inv', source: {}, entries: [person(1), person(2)], backfill: 1 });
      await api.post('/v0/address-book', { user_id: 'inv2', source: {}, entries: [person(1), person(2)], backfill: 1 });
      const s = await api.post('/v0/invites-sent', { entries: [{ user_id: 'inv', email: 'person2@example.com', sent_at: '2026-01-02T03:04:05+01:00' }] });
      assert.equal(s.status, 200, s.text);
      const r = await api.get('/v0/address-book/inv?filter_invites_sent=1');
      assert.deepEqual(
        r.body.data.map((x: { email: string }) => x.email),
        ['person1@example.com'],
      );
      const other = await api.get('/v0/address-book/inv2?filter_invites_sent=1');
      assert.equal(other.body.data.length, 2);
      const unfiltered = await api.get('/v0/address-book/inv');
      assert.equal(unfiltered.body.data.length, 2);
    });

    it('a record naming a line the book found shared (an office number) leaves out none of its holders; an e-mail record still matches', async () => {
      const entries = [
        { name: 'Ann Lee', email: 'ann.lee@firm.example', phone: '+1 415 555 0150' },
        { name: 'Bob Ray', email: 'bob.ray@firm.example', phone: '+1 415 555 0150' },
        { name: 'Cy Dee', email: 'cy@firm.example', phone: '+1 415 555 0150' },
        { name: 'Dan Solo', email: 'dan@else.example', phone: '+1 415 555 0199' },
      ];
      await api.post('/v0/address-book', { user_id: 'switch', source: { phone: '+14155550100' }, entries, backfill: 1 });
      const names = async (q: string) => (await api.get(`/v0/address-book/switch?${q}`)).body.data.map((x: { name: string }) => x.name).sort();
      assert.deepEqual(await names(''), ['Ann Lee', 'Bob Ray', 'Cy Dee', 'Dan Solo']);
      assert.equal((await api.post('/v0/users', [{ id: 'ann', name: 'Ann Lee', phone: '+14155550150' }])).status, 200);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'switch', invitee_name: 'Bob Ray', phone: '+14155550150' }])).status, 200);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: 'switch', emails: [], phones: ['+14155550150'] }] })).status, 200);
      assert.deepEqual(await names('filter_existing_users=1'), ['Ann Lee', 'Bob Ray', 'Cy Dee', 'Dan Solo']);
      assert.deepEqual(await names('filter_invites_sent=1'), ['Ann Lee', 'Bob Ray', 'Cy Dee', 'Dan Solo']);
      const seen = await api.get('/v0/address-book/switch?filter_suggested_seen=1&explain=1');
      assert.ok(
        seen.body.data.every((x: { explain: Record<string, number> }) => !('promotion' in x.explain)),
        JSON.stringify(seen.body.data),
      );
      // A personal number and an e-mail address still match.
      await api.post('/v0/invites-sent', [{ user_id: 'switch', phone: '+14155550199' }]);
      await api.post('/v0/users', [{ id: 'cy', email: 'cy@firm.example' }]);
      assert.deepEqual(await names('filter_invites_sent=1&filter_existing_users=1'), ['Ann Lee', 'Bob Ray']);
    });

    it('a shared line one card holds in full and another without its country (another source) is still shared: a record naming it, in either form, leaves out and moves none of its holders', async () => {
      // Probe: a family landline in full on Eve's card and nationally on Frank's (a CSV read with no
      // region) was "personal" to each: one invite to it left out both, one app user on it hid Eve.
      const book = async (user: string) => {
        await api.post('/v0/address-book', {
          user_id: user,
          source: { type: 'gmail', email: `${user}@gmail.com` },
          entries: [
            { name: 'Eve Stone', email: 'eve@stone.example', phones: ['+44 20 7946 0018', '+44 7400 111111'] },
            { name: 'Zed Ali', email: 'zed@ali.example' },
          ],
        });
        const second = await api.post('/v0/address-book', {
          user_id: user,
          source: { type: 'android' },
          entries: [{ name: 'Frank Stone', email: 'frank@stone.example', phones: ['07400 222222', '020 7946 0018'] }],
        });
        assert.equal(second.status, 200, JSON.stringify(second.body));
      };
      const names = async (user: string, q: string) => (await api.get(`/v0/address-book/${user}?${q}`)).body.data.map((x: { name: string }) => x.name).sort();
      await book('line1');
      assert.deepEqual(await names('line1', ''), ['Eve Stone', 'Frank Stone', 'Zed Ali']);
      for (const [user, phone] of [
        ['line1', '020 7946 0018'],
        ['line2', '+44 20 7946 0018'],
      ]) {
        if (user !== 'line1') await book(user);
        assert.equal((await api.post('/v0/invites-sent', [{ user_id: user, phone }])).status, 200);
        assert.deepEqual(await names(user, 'filter_invites_sent=1'), ['Eve Stone', 'Frank Stone', 'Zed Ali'], phone);
        assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: user, emails: [], phones: [phone] }] })).status, 200);
        const seen = await api.get(`/v0/address-book/${user}?filter_suggested_seen=1&explain=1`);
        assert.ok(
          seen.body.data.every((x: { explain: Record<string, number> }) => !('promotion' in x.explain)),
          JSON.stringify(seen.body.data),
        );
      }
      assert.equal((await api.post('/v0/users', [{ id: 'landline-user', phone: '+442079460018' }])).status, 200);
      assert.deepEqual(await names('line1', 'filter_existing_users=1'), ['Eve Stone', 'Frank Stone', 'Zed Ali']);
      // Each one's own mobile still names them.
      await api.post('/v0/invites-sent', [{ user_id: 'line2', phone: '+44 7400 111111' }]);
      assert.deepEqual(await names('line2', 'filter_invites_sent=1'), ['Frank Stone', 'Zed Ali']);
    });

    it('an invite or a suggestion recorded with a number written without its country matches the full number of the book', async () => {
      await api.post('/v0/address-book', {
        user_id: 'natrec',
        source: { phone: '+447911123456' },
        entries: [
          { name: 'Phone Mail', email: 'pm@example.com', phone: '07911 123457' },
          { name: 'Phone Two', phone: '07911 123458' },
          { name: 'Us Friend', phone: '+1 415 555 0188' },
          { name: 'Other', email: 'other@example.com' },
        ],
        backfill: 1,
      });
      const names = async (q: string) => (await api.get(`/v0/address-book/natrec?${q}`)).body.data.map((x: { name: string }) => x.name);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natrec', phone: '07911 123458' }])).status, 200);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natrec', phone: '(415) 555-0188' }])).status, 200);
      assert.deepEqual((await names('filter_invites_sent=1')).sort(), ['Other', 'Phone Mail']);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: 'natrec', phones: ['07911 123457'] }] })).status, 200);
      const seen = await names('filter_suggested_seen=1');
      assert.equal(seen[seen.length - 1], 'Phone Mail', JSON.stringify(seen));
      // A local number without its area code names no number of the book.
      await api.post('/v0/invites-sent', [{ user_id: 'natrec', phone: '555-0100' }]);
      assert.deepEqual((await names('filter_invites_sent=1')).sort(), ['Other', 'Phone Mail']);
    });

    it('an invite or a suggestion recorded in full matches the number the book holds without its country', async () => {
      // No owner phone and no default region: the book keeps national numbers as written.
      await api.post('/v0/address-book', {
        user_id: 'natbook',
        source: {},
        entries: [
          { name: 'D', phone: '(415) 555-0181' },
          { name: 'E', email: 'e@example.com' },
          { name: 'F', phone: '07911 123462' },
          { name: 'G', phone: '1-415-555-0131' },
        ],
        backfill: 1,
      });
      const names = async (q: string) => (await api.get(`/v0/address-book/natbook?${q}`)).body.data.map((x: { name: string }) => x.name);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natbook', phone: '+1 415 555 0181' }])).status, 200);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natbook', phone: '+44 7911 123462' }])).status, 200);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natbook', phone: '+1 415 555 0131' }])).status, 200);
      assert.deepEqual(await names('filter_invites_sent=1'), ['E']);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: 'natbook', phones: ['+14155550181'] }] })).status, 200);
      const seen = await names('filter_suggested_seen=1');
      assert.equal(seen[seen.length - 1], 'D', JSON.stringify(seen));
      // Not when another card holds that full number itself: the national number is then read as that
      // line (as the merge reads it), held by two cards, which names neither of them.
      await api.post('/v0/address-book', {
        user_id: 'natbook2',
        source: {},
        entries: [
          { name: 'Marie Dupont', phone: '06 12 34 56 78' },
          { name: 'Jan de Vries', phone: '+31 6 12345678' },
        ],
        backfill: 1,
      });
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'natbook2', phone: '+31 6 12345678' }])).status, 200);
      const left = (await api.get('/v0/address-book/natbook2?filter_invites_sent=1')).body.data.map((x: { name: string }) => x.name);
      assert.deepEqual(left.sort(), ['Jan de Vries', 'Marie Dupont']);
    });

    it('a query option sent as the text "null" (a browser client\'s unset value) is not given', async () => {
      await api.post('/v0/address-book', { user_id: 'nullq', source: {}, entries: [person(1), person(2)], backfill: 1 });
      const r = await api.get('/v0/address-book/nullq?limit=null&filter_blank_names=null&promote_matching_domain=null&explain=undefined');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 2);
      assert.ok(r.body.data.every((x: object) => !('explain' in x)));
    });

    it('filter_suggested_seen ranks contacts already shown below the others', async () => {
      const entries = [person(1), person(2), person(30)];
      await api.post('/v0/address-book', { user_id: 'seen', source: {}, entries, backfill: 1 });
      const initial = await api.get('/v0/address-book/seen');
      assert.equal(initial.body.data[0].email, 'person30@example.com');
      const s = await api.post('/v0/suggested-seen', { entries: [{ user_id: 'seen', emails: ['person30@example.com'] }] });
      assert.equal(s.status, 200, s.text);
      const ignored = await api.get('/v0/address-book/seen');
      assert.equal(ignored.body.data[0].email, 'person30@example.com');
      const r = await api.post('/v0/address-book', { user_id: 'seen', source: {}, entries: [], filter_suggested_seen: 1 });
      assert.equal(r.body.data.length, 3);
      assert.equal(r.body.data[2].email, 'person30@example.com');
      for (let i = 1; i < r.body.data.length; i++) assert.ok(r.body.data[i - 1].score >= r.body.data[i].score);
    });

    it('promote_matching_domain: a domain string, 1 for the owner domain, webmail exception', async () => {
      const entries = [
        { name: 'A', emails: ['a@acme.com'], times_contacted: 1, last_message_sent_date: '2026-01-01T00:00:00Z' },
        { name: 'B', emails: ['b@other.org'], times_contacted: 400, last_message_sent_date: '2026-06-01T00:00:00Z' },
        { name: 'C', emails: ['c@gmail.com'], times_contacted: 300, last_message_sent_date: '2026-06-01T00:00:00Z' },
      ];
      await api.post('/v0/address-book', { user_id: 'dom', source: { email: 'boss@ACME.com' }, entries, backfill: 1 });
      const plain = await api.get('/v0/address-book/dom');
      assert.equal(plain.body.data[2].email, 'a@acme.com');
      const owner = await api.get('/v0/address-book/dom?promote_matching_domain=1');
      assert.equal(owner.body.data[0].email, 'a@acme.com');
      assert.equal(owner.body.meta.exception_matching_email_domain, undefined);
      const str = await api.post('/v0/address-book', { user_id: 'dom', source: {}, entries: [], promote_matching_domain: 'other.org' });
      assert.equal(str.body.data[0].email, 'b@other.org');
      const webmail = await api.get('/v0/address-book/dom?promote_matching_domain=gmail.com');
      assert.equal(webmail.body.meta.exception_matching_email_domain, true);
      assert.deepEqual(webmail.body.data, plain.body.data);
    });

    it('promote_matching_domain=1 without any owner e-mail stores the book, promotes nothing and says so (it was a 400 that refused the upload)', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'nodom', source: { type: 'ios' }, entries: [person(1), person(2)], promote_matching_domain: 1 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.exception_matching_email_domain, true);
      assert.deepEqual(
        r.body.meta.warnings.map((w: { field: string }) => w.field),
        ['promote_matching_domain'],
      );
      const plain = await api.get('/v0/address-book/nodom');
      assert.equal(plain.status, 200);
      assert.deepEqual(r.body.data, plain.body.data);
      const g = await api.get('/v0/address-book/nodom?promote_matching_domain=1');
      assert.equal(g.body.meta.exception_matching_email_domain, true);
      assert.deepEqual(g.body.data, plain.body.data);
      assert.equal(g.body.meta.warnings[0].field, 'promote_matching_domain');
    });

    it('explain=1 adds per-signal contributions', async () => {
      await api.post('/v0/address-book', { user_id: 'exp', source: {}, entries: [person(3)], backfill: 1 });
      const r = await api.get('/v0/address-book/exp?explain=1');
      assert.equal(typeof r.body.data[0].explain, 'object');
      assert.ok(Object.keys(r.body.data[0].explain).length > 0);
      const plain = await api.get('/v0/address-book/exp');
      assert.equal(plain.body.data[0].explain, undefined);
    });

    it('drops junk senders and contacts with nothing to invite, keeps them stored', async () => {
      const entries = [
        person(1),
        { name: 'Updates', emails: ['no-reply@accounts.example.com'], last_message_received_date: '2026-01-01T00:00:00Z' },
        { name: 'Both', emails: ['noreply@shop.example', 'real.person@example.org'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'junk', source: {}, entries });
      const emails = r.body.data.flatMap((x: { emails: string[] }) => x.emails);
      assert.ok(!emails.includes('no-reply@accounts.example.com'));
      assert.ok(!emails.includes('noreply@shop.example'));
      assert.ok(emails.includes('real.person@example.org'));
      assert.equal(r.body.data.length, 2);
    });

    it('reads an e-mail Date header, Date.toString() and ISO basic dates, and ranks by them', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'dates',
        source: { type: 'gmail', email: 'owner@example.com' },
        entries: [
          { name: 'Old', email: 'old@example.com', times_contacted: 3, last_message_sent_date: 'Mon, 02 Mar 2026 09:30:00 +0000' },
          { name: 'Recent', email: 'recent@example.com', times_contacted: 3, last_message_sent_date: 'Tue Nov 24 2026 10:30:00 GMT+0100 (CET)' },
          { name: 'Middle', email: 'middle@example.com', times_contacted: 3, last_message_sent_date: '20260801T120000Z' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: { name: string }) => d.name),
        ['Recent', 'Middle', 'Old'],
      );
    });

    it("reads PostgreSQL's timestamptz text and Ruby's Time#to_s (a probe saw both refused with a 400), and ranks by them", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'dates-pg-ruby',
        source: { type: 'gmail', email: 'owner@example.com' },
        entries: [
          { name: 'Old', email: 'old@example.com', times_contacted: 3, last_message_sent_date: '2026-03-02 09:30:00+00' },
          { name: 'Recent', email: 'recent@example.com', times_contacted: 3, last_message_sent_date: '2026-11-24 09:30:00 UTC' },
          { name: 'Middle', email: 'middle@example.com', times_contacted: 3, last_message_sent_date: '2026-08-01T12:00:00,5+05' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: { name: string }) => d.name),
        ['Recent', 'Middle', 'Old'],
      );
    });

    describe('bad input is a 400 naming the field, and stores nothing', () => {
      const cases: [string, unknown, string][] = [
        ['missing user_id', { source: {}, entries: [] }, 'user_id'],
        ['missing source', { user_id: 'x', entries: [] }, 'source'],
        ['missing entries', { user_id: 'x', source: {} }, 'entries'],
        ['entries not a list', { user_id: 'x', source: {}, entries: {} }, 'entries'],
        ['bad source type', { user_id: 'x', source: { type: 'myspace' }, entries: [] }, 'source.type'],
        ['bad name type', { user_id: 'x', source: {}, entries: [{ name: 5 }] }, 'entries[0].name'],
        [
          'bad date',
          { user_id: 'x', source: {}, entries: [person(1), { name: 'D', last_message_sent_date: 'yesterday' }] },
          'entries[1].last_message_sent_date',
        ],
        [
          'day and month as numbers (03/04/2026 is two different days)',
          { user_id: 'x', source: {}, entries: [person(1), { name: 'D', last_message_sent_date: '03/04/2026' }] },
          'entries[1].last_message_sent_date',
        ],
        ['website without type', { user_id: 'x', source: {}, entries: [{ name: 'W', websites: [{ url: 'https://a.b' }] }] }, 'entries[0].websites[0].type'],
        ['im without name', { user_id: 'x', source: {}, entries: [{ ims: [{ protocol: 'jabber' }] }] }, 'entries[0].ims[0].name'],
        ['bad flag', { user_id: 'x', source: {}, entries: [], filter_blank_names: 'yes' }, 'filter_blank_names'],
        ['bad limit', { user_id: 'x', source: {}, entries: [], limit: 0 }, 'limit'],
        ['float user id', { user_id: 1.5, source: {}, entries: [] }, 'user_id'],
        ['blank user id', { user_id: '  ', source: {}, entries: [] }, 'user_id'],
        ['bad domain', { user_id: 'x', source: {}, entries: [], promote_matching_domain: 'not a domain' }, 'promote_matching_domain'],
        ['negative times_contacted', { user_id: 'x', source: {}, entries: [{ times_contacted: -1 }] }, 'entries[0].times_contacted'],
      ];
      for (const [label, body, field] of cases) {
        it(label, async () => {
          const r = await api.post('/v0/address-book', body);
          assert.equal(r.status, 400, r.text);
          assert.equal(r.body.code, 'invalid_request');
          assert.equal(typeof r.body.error, 'string');
          assert.ok(r.body.error.includes(field), `error "${r.body.error}" names ${field}`);
          assert.equal(r.body.details[0].field, field);
          assert.equal(typeof r.body.meta.request_id, 'string');
          assert.equal((await api.get('/v0/address-book/x')).status, 404);
        });
      }

      it('a fraction where a whole number is wanted says so (not the kinds of value the field takes)', async () => {
        const r = await api.post('/v0/address-book', { user_id: 'x', source: {}, entries: [], limit: 2.5, explain: 0.5 });
        assert.equal(r.status, 400, r.text);
        assert.deepEqual(r.body.details, [
          { field: 'limit', message: 'must be a whole number, not 2.5' },
          { field: 'explain', message: 'must be a whole number, not 0.5' },
        ]);
        assert.equal(r.body.error, 'Invalid request: limit must be a whole number, not 2.5 (and 1 more problem).');
        assert.equal((await api.get('/v0/address-book/x')).status, 404);
      });

      it('a day and a month as numbers are refused with the reason and the ISO forms they could be', async () => {
        const r = await api.post('/v0/address-book', { user_id: 'x', source: {}, entries: [{ name: 'D', last_message_sent_date: '03/04/2026' }] });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.details[0].field, 'entries[0].last_message_sent_date');
        assert.match(r.body.details[0].message, /^must be an ISO 8601 date-time or a Unix timestamp in seconds: a day and a month written as numbers/);
        assert.match(r.body.details[0].message, /send it as ISO 8601 \("2026-03-04" or "2026-04-03"\)$/);
        const rec = await api.post('/v0/invites-sent', [{ user_id: 'x', email: 'a@b.com', sent_at: '24/11/2026' }]);
        assert.equal(rec.status, 400, rec.text);
        assert.equal(rec.body.details[0].field, 'entries[0].sent_at');
        assert.match(rec.body.error, /\("2026-11-24"\)/);
        assert.equal((await api.get('/v0/address-book/x')).status, 404);
      });

      it('GET with a bad option is a 400 naming it', async () => {
        await api.post('/v0/address-book', { user_id: 'q', source: {}, entries: [person(1)], backfill: 1 });
        const r = await api.get('/v0/address-book/q?limit=-3');
        assert.equal(r.status, 400);
        assert.equal(r.body.details[0].field, 'limit');
      });
    });
  });
}
