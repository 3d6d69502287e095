/**
 * Senders, records and syncs through HTTP (the fifty-fourth session), on each engine:
 * - an app user's national number in a book of two countries (a US phone's source, a Gmail export marked
 *   GB) was refused as if the book named none; now read in each, and a refusal names the countries tried;
 * - a replace of a source sent before without its type (or with another) replaced nothing, silently; one
 *   whose owner's number was given but unreadable was told to send the number it had sent;
 * - a count above 1,000,000 (`times_contacted: 1764590400`, a timestamp) was read as 1,000,000 and ranked
 *   first, without a word: no count now, read as unknown, with a warning;
 * - the owner's card named `Dana (me)` ranked among the people: a self label in brackets is the owner's;
 * - message dates ranked as no date (before 1995, more than a day ahead) were said nowhere: now warned.
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

    it("an app user's national number is read in each country the user's book names, and a refusal names the countries tried", async () => {
      // A US phone's source, then a Gmail export marked GB (newest first: GB): the US number was refused
      // with "the book names no country" (a probe).
      const owner = await api.post('/v0/address-book', {
        user_id: 's54-two-countries',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        entries: [{ name: 'Bob Ray', phone: '(415) 555-0199' }],
      });
      assert.equal(owner.status, 200, owner.text);
      const gmail = await api.post('/v0/address-book', {
        user_id: 's54-two-countries',
        source: { type: 'gmail', email: 'owner@home.example', region: 'GB' },
        entries: [{ name: 'Cat Lane', email: 'cat@lane.example' }],
      });
      assert.equal(gmail.status, 200, gmail.text);
      const friend = await api.post('/v0/address-book', {
        user_id: 's54-friend',
        source: { type: 'android', phone: '+1 650 555 0111' },
        entries: [
          { name: 'Owner Two', phone: '+1 415 555 0100' },
          { name: 'Dee Moss', phone: '+1 650 555 0122' },
        ],
      });
      assert.equal(friend.status, 200, friend.text);
      const u = await api.post('/v0/users', [{ id: 's54-two-countries', phone: '(415) 555-0100' }]);
      assert.equal(u.status, 200, u.text);
      const g = await api.get('/v0/address-book/s54-friend?filter_existing_users=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        (g.body.data as Row[]).map((d) => d.name),
        ['Dee Moss'],
      );
      // A number of no country the book names: refused, naming the field and the countries tried.
      const bad = await api.post('/v0/users', [{ id: 's54-friend', phone: '020 7946 0555' }]);
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'entries[0].phone');
      assert.match(bad.body.details[0].message, /is no number of US \(the country of the user's book/);
    });

    it('a replace of a source whose owner was sent before under another type (or none) warns that it replaced nothing', async () => {
      const first = await api.post('/v0/address-book', {
        user_id: 's54-typed',
        source: { phone: '+1 415 555 0100' },
        entries: [
          { name: 'Ann Lee', phone: '+1 415 555 0123' },
          { name: 'Bob Ray', phone: '+1 415 555 0199' },
        ],
      });
      assert.equal(first.status, 200, first.text);
      const r = await api.post('/v0/address-book', {
        user_id: 's54-typed',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        replace_source: 1,
        entries: [{ name: 'Ann Lee', phone: '+1 415 555 0123' }],
      });
      assert.equal(r.status, 200, r.text);
      const w = (r.body.meta.warnings ?? []).find((x: { field: string }) => x.field === 'replace_source');
      assert.ok(w, JSON.stringify(r.body.meta));
      assert.match(w.message, /^replaced nothing: .* 1 earlier upload\(s\) of the same owner under another source\.type/);
      assert.equal(w.count, 1);
      // The same type again replaces, and says nothing.
      const again = await api.post('/v0/address-book', {
        user_id: 's54-typed',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        replace_source: 1,
        entries: [{ name: 'Ann Lee', phone: '+1 415 555 0123' }],
      });
      assert.equal(again.status, 200, again.text);
      assert.equal(
        (again.body.meta.warnings ?? []).find((x: { field: string }) => x.field === 'replace_source'),
        undefined,
        JSON.stringify(again.body.meta),
      );
    });

    it('a replace whose owner is given but unreadable says so, naming the field given', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's54-unreadable-owner',
        source: { type: 'ios', phone: '+1415' },
        replace_source: 1,
        entries: [{ name: 'Ann Lee', phone: '+1 415 555 0123' }],
      });
      assert.equal(r.status, 400, r.text);
      const d = (r.body.details as { field: string; message: string }[]).find((x) => x.field === 'replace_source')!;
      assert.match(d.message, /^needs the source's owner, and source\.phone is no phone number Kith can read/);
      assert.equal((await api.get('/v0/address-book/s54-unreadable-owner')).status, 404);
    });

    it('a count above 1,000,000 (a timestamp in the wrong field) is no count: read as unknown, with a warning, not ranked first', async () => {
      const today = new Date().toISOString();
      const r = await api.post('/v0/address-book', {
        user_id: 's54-huge-count',
        source: { type: 'gmail', email: 'owner@home.example' },
        explain: 1,
        entries: [
          { name: 'Ann Lee', email: 'ann@lee.example', times_contacted: 500, last_message_sent_date: today },
          { name: 'Stranger', email: 'stranger@far.example', times_contacted: 1764590400 },
          { name: 'Bob Ray', email: 'bob@ray.example', times_contacted: '99999999999999999999' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain: Record<string, number> })[];
      assert.equal(rows[0]!.name, 'Ann Lee', JSON.stringify(rows.map((d) => [d.name, d.explain])));
      assert.equal(rows.length, 3);
      const w = (r.body.meta.warnings ?? []).find(
        (x: { field: string; message: string }) => x.field === 'entries[].times_contacted' && /above 1,000,000/.test(x.message),
      );
      assert.ok(w, JSON.stringify(r.body.meta.warnings));
      assert.equal(w.count, 2);
    });

    it("the owner's card named with a self label in brackets (`Dana (me)`) is left out as self; a note of another kind is not", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's54-me',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        include_left_out: 1,
        entries: [
          { name: 'Ann Lee', phone: '+1 415 555 0123', times_contacted: 4 },
          { name: 'Dana (me)', phones: ['+1 415 555 0100'] },
          { name: 'Dana (work)', phones: ['+1 415 555 0177'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.data as Row[]).map((d) => d.name).sort(), ['Ann Lee', 'Dana (work)']);
      const reasons = Object.fromEntries(r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]));
      assert.deepEqual(reasons, { 1: 'self' });
    });

    it('message dates ranked as no date (before 1995, more than a day ahead) are named in meta.warnings; the entries are kept', async () => {
      const ahead = new Date(Date.now() + 3 * 86_400_000).toISOString();
      const r = await api.post('/v0/address-book', {
        user_id: 's54-dates',
        source: { type: 'gmail', email: 'owner@home.example' },
        entries: [
          { name: 'Ann Lee', email: 'ann@lee.example', last_message_sent_date: '2026-10-01T09:00:00Z' },
          { name: 'Bob Ray', email: 'bob@ray.example', last_message_sent_date: 0 },
          { name: 'Cy Moss', email: 'cy@moss.example', last_message_sent_date: '1970-01-01T00:00:00Z', last_message_received_date: ahead },
          { name: 'Dee Lane', email: 'dee@lane.example', last_message_sent_date: '9999-12-31T23:59:59Z' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal((r.body.data as Row[]).length, 4);
      const warned = Object.fromEntries(
        (r.body.meta.warnings ?? [])
          .filter((w: { message: string }) => /ranked as no date/.test(w.message))
          .map((w: { field: string; count: number }) => [w.field, w.count]),
      );
      assert.deepEqual(warned, { 'entries[].last_message_sent_date': 2, 'entries[].last_message_received_date': 1 }, JSON.stringify(r.body.meta.warnings));
    });
  });
}
