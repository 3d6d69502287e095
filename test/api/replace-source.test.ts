/**
 * `replace_source=1`: a daily re-sync of a source replaces what its earlier uploads held (a probe of the
 * thirty-fourth session: uploads only ever added, so a contact deleted from the phone stayed forever, and
 * a card renamed at the source showed twice, its number then looking shared, so an invite or an app user
 * on that number filtered neither row).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { AddressBookService } from '../../src/services/address-book.ts';
import { startApi, tenantOfKey, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };

for (const engine of ENGINES) {
  describe(`replace_source on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    const phone = { type: 'ios', phone: '+1 415 555 0100' };
    const gmail = { type: 'gmail', email: 'owner@example.com' };
    const upload = async (user: string, source: object, entries: object[], extra: object = {}) => {
      const r = await api.post('/v0/address-book', { user_id: user, source, entries, ...extra });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    const rows = async (user: string, q = ''): Promise<Row[]> => {
      const r = await api.get(`/v0/address-book/${user}${q}`);
      assert.equal(r.status, 200, r.text);
      return r.body.data;
    };
    const names = async (user: string, q = '') => (await rows(user, q)).map((x) => x.name).sort();

    it('a replace that matches no earlier upload, beside uploads of its type under another owner, says so (a probe: silent)', async () => {
      const u = 'resync-owner-changed';
      const android = { type: 'android', phone: '+49 171 2345678' };
      await upload(u, android, [
        { name: 'Old Name', email: 'x1@web.de' },
        { name: 'Deleted Guy', email: 'gone@web.de' },
      ]);
      const answer = await upload(u, { ...android, email: 'olga@gmail.com' }, [{ name: 'New Name', email: 'x1@web.de' }], { replace_source: 1 });
      const w = (answer.meta.warnings ?? []).find((x: { field: string }) => x.field === 'replace_source');
      assert.ok(w, JSON.stringify(answer.meta));
      assert.equal(w.count, 1);
      assert.match(w.message, /replaced nothing/);
      // Nothing was taken away: both uploads stay.
      assert.ok((await names(u)).includes('Deleted Guy'));
      // The same owner as before replaces, without a warning; a first sync warns of nothing.
      const again = await upload(u, android, [{ name: 'New Name', email: 'x1@web.de' }], { replace_source: 1 });
      assert.equal(again.meta.warnings, undefined, JSON.stringify(again.meta));
      const first = await upload('resync-first', android, [{ name: 'Ann Lee', email: 'ann@web.de' }], { replace_source: 1 });
      assert.equal(first.meta.warnings, undefined, JSON.stringify(first.meta));
    });

    it('a renamed card and a deleted contact leave no stale copy; other sources and the records stay', async () => {
      const u = 'resync-1';
      await upload(u, phone, [
        { name: 'Kate Brown', phone: '+1 415 555 0190', email: 'kate@k.org', times_contacted: 4 },
        { name: 'Dan Drake', phone: '+1 415 555 0191' },
      ]);
      await upload(u, gmail, [{ name: 'Mia Merge', email: 'mia@m.org', times_contacted: 2 }]);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: u, emails: ['mia@m.org'] }] })).status, 200);
      // Without the option a re-sync still adds (the contract: further POSTs merge into the book).
      await upload(u, phone, [{ name: 'Kate Green', phone: '+1 415 555 0190' }]);
      assert.equal((await rows(u)).filter((x) => x.name?.startsWith('Kate')).length, 2);
      // The next sync replaces the source: what the phone holds now, and nothing else of it.
      const answer = await upload(u, phone, [{ name: 'Kate Green', phone: '+1 415 555 0190' }], { replace_source: 1 });
      assert.deepEqual(answer.data.map((x: Row) => x.name).sort(), ['Kate Green', 'Mia Merge']);
      assert.deepEqual(await names(u), ['Kate Green', 'Mia Merge']);
      // The number is hers alone again: an invite to it filters her.
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: u, phone: '(415) 555-0190' }])).status, 200);
      assert.deepEqual(await names(u, '?filter_invites_sent=1'), ['Mia Merge']);
      // The suggestion shown, recorded before, still counts (records are no source's).
      const seen = await rows(u, '?filter_suggested_seen=1');
      assert.equal(seen[seen.length - 1]!.name, 'Mia Merge');
    });

    it("the owner's number written nationally (with its region) on one sync and in full on the next is one source", async () => {
      for (const [u, first, second] of [
        ['resync-national-1', phone, { type: 'ios', phone: '(415) 555-0100', region: 'US' }],
        ['resync-national-2', { type: 'ios', phone: '(415) 555-0100', region: 'US' }, phone],
      ] as const) {
        await upload(u, first, [{ name: 'Old Name', phone: '+1 415 555 0111' }]);
        await upload(u, gmail, [{ name: 'Mia Merge', email: 'mia@example.com' }]);
        await upload(u, second, [{ name: 'New Name', phone: '+1 415 555 0113' }], { replace_source: 1 });
        assert.deepEqual(await names(u), ['Mia Merge', 'New Name'], u);
      }
      // Another owner's number stays another source.
      const u = 'resync-national-3';
      await upload(u, phone, [{ name: 'Old Name', phone: '+1 415 555 0111' }]);
      await upload(u, { type: 'ios', phone: '(415) 555-0199', region: 'US' }, [{ name: 'New Name', phone: '+1 415 555 0113' }], { replace_source: 1 });
      assert.deepEqual(await names(u), ['New Name', 'Old Name']);
    });

    it('only the first batch of a sync replaces; the batches after it add to it', async () => {
      const u = 'resync-2';
      await upload(u, phone, [{ name: 'Old One', phone: '+1 415 555 0201' }]);
      await upload(u, phone, [{ name: 'Ann Lee', phone: '+1 415 555 0202' }], { replace_source: '1', backfill: 1 });
      await upload(u, phone, [{ name: 'Bo Chen', phone: '+1 415 555 0203' }], { backfill: 1 });
      assert.deepEqual(await names(u), ['Ann Lee', 'Bo Chen']);
      // A source keyed by another owner (a second phone of the user) is another source.
      await upload(u, { type: 'ios', phone: '+1 415 555 0999' }, [{ name: 'Cy Dow', phone: '+1 415 555 0204' }], { replace_source: true });
      assert.deepEqual(await names(u), ['Ann Lee', 'Bo Chen', 'Cy Dow']);
    });

    it("the user's key index follows: addresses only the replaced uploads held leave the app's listings", async () => {
      const u = 'resync-3';
      await upload(u, gmail, [
        { name: 'Gone Person', email: 'gone@replaced-source.example' },
        { name: 'Kept Person', email: 'kept@replaced-source.example' },
      ]);
      await api.storage.flushIndex();
      const listed = async () => ((await api.get('/v0/domain-emails/replaced-source.example')).body.data as { email: string }[]).map((x) => x.email).sort();
      assert.deepEqual(await listed(), ['gone@replaced-source.example', 'kept@replaced-source.example']);
      await upload(u, gmail, [{ name: 'Kept Person', email: 'kept@replaced-source.example' }], { replace_source: 1 });
      await api.storage.flushIndex();
      assert.deepEqual(await listed(), ['kept@replaced-source.example']);
    });

    it('a source naming no owner (a contacts file, `source: {}`) cannot be replaced: a 400 naming replace_source, nothing stored', async () => {
      const u = 'resync-4';
      const vcf = (name: string, tel: string) => ['BEGIN:VCARD', 'VERSION:3.0', `FN:${name}`, `TEL:${tel}`, 'END:VCARD', ''].join('\r\n');
      const send = (q: string, body: string) =>
        api.request('POST', `/v0/address-book-file?user_id=${u}&region=US${q}`, { raw: body, headers: { 'content-type': 'text/vcard' } });
      assert.equal((await send('', vcf('Outlook Card', '+1 415 555 0301'))).status, 200);
      await upload(u, phone, [{ name: 'Phone Friend', phone: '+1 415 555 0305' }]);
      // Every file names no owner: a replace would take every other file of the user, and each upload
      // sent with an empty source (a review found a LinkedIn CSV's replace deleting an Outlook CSV).
      const r = await send('&replace_source=1', vcf('New Card', '+1 415 555 0302'));
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.details[0].field, 'replace_source');
      const empty = await api.post('/v0/address-book', { user_id: u, source: {}, entries: [{ name: 'X', phone: '+1 415 555 0303' }], replace_source: 1 });
      assert.equal(empty.status, 400, empty.text);
      assert.equal(empty.body.details[0].field, 'replace_source');
      const bad = await api.post('/v0/address-book', {
        user_id: u,
        source: phone,
        entries: [{ name: 'X', phone: '+1 415 555 0303' }],
        replace_source: 'maybe',
      });
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'replace_source');
      assert.deepEqual(await names(u), ['Outlook Card', 'Phone Friend']);
    });

    it('a batch taken in after the replacing one stays, even when it is stored first', async () => {
      const u = 'resync-5';
      const service = new AddressBookService(api.storage, loadConfig({}));
      const t = await tenantOfKey(api, api.key);
      await upload(u, phone, [{ name: 'Stale One', phone: '+1 415 555 0401' }]);
      const first = service.prepareUpload(t, u, phone, [{ name: 'First Batch', phone: '+1 415 555 0402' }]);
      await new Promise((r) => setTimeout(r, 5));
      const second = service.prepareUpload(t, u, phone, [{ name: 'Second Batch', phone: '+1 415 555 0403' }]);
      await second.store(); // the later batch is stored first
      const seq = await first.store();
      assert.equal(await service.replaceSource(t, u, first.known.upload, seq), 1);
      assert.deepEqual(await names(u), ['First Batch', 'Second Batch']);
    });
  });
}
