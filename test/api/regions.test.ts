/**
 * A server with a default region (KITH_DEFAULT_REGION) serving users of other countries: a user's own
 * records are read in that user's book, never in the server's region (probes of the twenty-seventh session).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

for (const engine of ENGINES) {
  describe(`regions: a server whose default region is not the user's, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { KITH_DEFAULT_REGION: 'US' });
    });
    after(async () => {
      await api?.close();
    });

    const mexicanBook = async (user: string) => {
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios', phone: '+52 55 9876 5432' },
        entries: [
          { name: 'Lupita Hernández', phone: '55 1234 5678' },
          { name: 'Jorge Ruiz', phone: '33 1234 5678' },
          { name: 'Karen Brooks', phone: '+1 551 234 5678' },
          { name: 'Zed Ali', phone: '55 2222 3333' },
        ],
        backfill: 1,
      });
      assert.equal(r.status, 200, r.text);
    };
    const sendVcard = (path: string, vcf: string) => api.request('POST', path, { raw: vcf, headers: { 'content-type': 'text/vcard' } });
    const names = async (user: string, q: string) => (await api.get(`/v0/address-book/${user}?${q}`)).body.data.map((x: { name: string }) => x.name);

    it("an invite or a suggestion with a national number names the user's own contact (Lupita), not the server region's reading of it (Karen, +1 551 …)", async () => {
      await mexicanBook('mx1');
      const phones = (await api.get('/v0/address-book/mx1')).body.data.map((x: { phones: string[] }) => x.phones[0]).sort();
      assert.deepEqual(phones, ['+15512345678', '+523312345678', '+525512345678', '+525522223333']);
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'mx1', phone: '55 1234 5678', invitee_name: 'Lupita' }])).status, 200);
      assert.deepEqual((await names('mx1', 'filter_invites_sent=1')).sort(), ['Jorge Ruiz', 'Karen Brooks', 'Zed Ali']);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: 'mx1', phones: ['33 1234 5678'] }] })).status, 200);
      const seen = await names('mx1', 'filter_suggested_seen=1&filter_invites_sent=1');
      assert.equal(seen[seen.length - 1], 'Jorge Ruiz', JSON.stringify(seen));
      // A record in full still names its one person.
      await mexicanBook('mx2');
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'mx2', phone: '+1 551 234 5678' }])).status, 200);
      assert.deepEqual((await names('mx2', 'filter_invites_sent=1')).sort(), ['Jorge Ruiz', 'Lupita Hernández', 'Zed Ali']);
      // A US user's national number still names the US contact.
      await api.post('/v0/address-book', {
        user_id: 'us1',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        entries: [
          { name: 'Ann Lee', phone: '(415) 555-0188' },
          { name: 'Bo Chen', phone: '(415) 555-0199' },
        ],
        backfill: 1,
      });
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: 'us1', phone: '415-555-0188' }])).status, 200);
      assert.deepEqual(await names('us1', 'filter_invites_sent=1'), ['Bo Chen']);
    });

    it("the same phone book synced again with the owner's number written another way, or not sent, is one source: the list and its scores do not change", async () => {
      const entries = [
        { name: 'Ann Lee', phone: '07911 123456' },
        { name: 'Bo Chen', phone: '07911 654321' },
      ];
      const scores = async () =>
        (await api.get('/v0/address-book/sync1?explain=1')).body.data.map((x: { name: string; score: number }) => `${x.name} ${x.score}`);
      const post = async (source: Record<string, string>) => {
        const r = await api.post('/v0/address-book', { user_id: 'sync1', source, entries, backfill: 1 });
        assert.equal(r.status, 200, r.text);
      };
      await post({ type: 'ios', phone: '+44 7400 999999' });
      const first = await scores();
      assert.equal(first.length, 2);
      await post({ type: 'ios' });
      assert.deepEqual(await scores(), first);
      await post({ type: 'ios', phone: '07400 999999' });
      assert.deepEqual(await scores(), first);
      // Another source of the same people still counts as one.
      await post({ type: 'gmail', email: 'owner@gmail.com' });
      const after = (await api.get('/v0/address-book/sync1?explain=1')).body.data;
      assert.ok(
        after.every((x: { explain: Record<string, number> }) => x.explain.sources === 0.5),
        JSON.stringify(after),
      );
    });
    it("a contacts file is read in the book's region (the owner's phone of its stored uploads), or the one asked for (?region=); a JSON upload may give source.region", async () => {
      await mexicanBook('mx3');
      const vcf = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Lupita Hernández',
        'EMAIL:lupita.h@gmail.com',
        'TEL;TYPE=CELL:55 1234 5678',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Jorge Ruiz',
        'TEL;TYPE=CELL:33 1234 5678',
        'END:VCARD',
        '',
      ].join('\r\n');
      const send = (path: string) => sendVcard(path, vcf);
      const r = await send('/v0/address-book-file?user_id=mx3&backfill=1');
      assert.equal(r.status, 200, r.text);
      const rows = (await api.get('/v0/address-book/mx3')).body.data.map((x: { name: string; phones: string[] }) => `${x.name} ${x.phones.join(',')}`);
      assert.deepEqual(rows.sort(), ['Jorge Ruiz +523312345678', 'Karen Brooks +15512345678', 'Lupita Hernández +525512345678', 'Zed Ali +525522223333']);
      // A user with no stored owner's phone: the region asked for, else the server's.
      const it = await send('/v0/address-book-file?user_id=it1&region=mx');
      assert.equal(it.status, 200, it.text);
      assert.deepEqual(it.body.data.map((x: { phones: string[] }) => x.phones[0]).sort(), ['+523312345678', '+525512345678']);
      const us = await send('/v0/address-book-file?user_id=us2');
      assert.deepEqual(us.body.data.map((x: { phones: string[] }) => x.phones[0]).sort(), ['+13312345678', '+15512345678']);
      const bad = await send('/v0/address-book-file?user_id=it2&region=Mexico');
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'region');
      // JSON: source.region where the source has no phone; never part of the source's identity.
      const j = await api.post('/v0/address-book', {
        user_id: 'mx4',
        source: { type: 'gmail', email: 'owner@gmail.com', region: 'MX' },
        entries: [{ name: 'Lupita Hernández', phone: '55 1234 5678' }],
      });
      assert.equal(j.status, 200, j.text);
      assert.deepEqual(j.body.data[0].phones, ['+525512345678']);
      assert.equal(j.body.meta.warnings, undefined, JSON.stringify(j.body.meta.warnings));
      const jb = await api.post('/v0/address-book', { user_id: 'mx5', source: { region: 'Mexico' }, entries: [{ name: 'A', phone: '55 1234 5678' }] });
      assert.equal(jb.status, 400, jb.text);
      assert.equal(jb.body.details[0].field, 'source.region');
      assert.equal((await api.get('/v0/address-book/mx5')).status, 404); // nothing stored
      // `UK` (ISO 3166's reserved code for the United Kingdom, and what British clients send) is GB.
      const uk = await api.post('/v0/address-book', { user_id: 'uk1', source: { region: 'uk' }, entries: [{ name: 'Oliver Hughes', phone: '07911 123456' }] });
      assert.equal(uk.status, 200, uk.text);
      assert.deepEqual(uk.body.data[0].phones, ['+447911123456']);
      const ukFile = await send('/v0/address-book-file?user_id=uk2&region=UK');
      assert.equal(ukFile.status, 200, ukFile.text);
    });
    it('a sync that counts nobody keeps its 0s unknown when it joins the source it is (a phone that stopped reporting the count)', async () => {
      const post = async (source: Record<string, string>, entries: unknown[]) => {
        const r = await api.post('/v0/address-book', { user_id: 'sync2', source, entries, backfill: 1 });
        assert.equal(r.status, 200, r.text);
      };
      await post({ type: 'android', phone: '+44 7400 999999' }, [
        { name: 'Alice', phone: '+44 7911 000001', times_contacted: 5 },
        { name: 'Bob', phone: '+44 7911 000002', times_contacted: 0 },
        { name: 'Cara', phone: '+44 7911 000003', times_contacted: 2 },
      ]);
      await post({ type: 'android' }, [
        { name: 'Alice', phone: '+44 7911 000001', times_contacted: 0 },
        { name: 'Bob', phone: '+44 7911 000002', times_contacted: 0 },
        { name: 'Dan', phone: '+44 7911 000004', times_contacted: 0 },
      ]);
      const rows = (await api.get('/v0/address-book/sync2?explain=1')).body.data;
      const dan = rows.find((x: { name: string }) => x.name === 'Dan');
      const bob = rows.find((x: { name: string }) => x.name === 'Bob');
      // Dan's count is unknown (imputed), Bob's an explicit 0 from the source that counts.
      assert.ok(dan.explain.frequency > 0, JSON.stringify(dan));
      assert.equal(bob.explain.frequency, undefined, JSON.stringify(bob));
    });
    it("records are read in the book's region however the book learnt it (source.region, a file's ?region=), and a national number of that region's plan never names another country's number of the same digits", async () => {
      // The book knows its region only from source.region (no owner's phone).
      await api.post('/v0/address-book', {
        user_id: 'mx6',
        source: { type: 'gmail', email: 'mx6@gmail.com', region: 'MX' },
        entries: [
          { name: 'Lupita Hernández', phone: '55 1234 5678' },
          { name: 'Karen Brooks', phone: '+1 551 234 5678' },
        ],
        backfill: 1,
      });
      await api.post('/v0/invites-sent', [{ user_id: 'mx6', phone: '55 1234 5678' }]);
      assert.deepEqual(await names('mx6', 'filter_invites_sent=1'), ['Karen Brooks']);
      // The invited number is not in the book: nobody is left out, not the US friend of the same digits.
      await api.post('/v0/address-book', {
        user_id: 'mx7',
        source: { type: 'ios', phone: '+52 55 9876 5432' },
        entries: [
          { name: 'Karen Brooks', phone: '+1 551 234 5678' },
          { name: 'Zed Ali', phone: '55 2222 3333' },
        ],
        backfill: 1,
      });
      await api.post('/v0/invites-sent', [{ user_id: 'mx7', phone: '55 1234 5678' }]);
      assert.deepEqual((await names('mx7', 'filter_invites_sent=1')).sort(), ['Karen Brooks', 'Zed Ali']);
      // A book of files only: the region of the first file (?region=) is the next file's.
      const vcf = ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Jorge Ruiz', 'TEL;TYPE=CELL:33 1234 5678', 'END:VCARD', ''].join('\r\n');
      const send = (path: string) => sendVcard(path, vcf);
      assert.equal((await send('/v0/address-book-file?user_id=mx8&region=MX&backfill=1')).status, 200);
      for (let i = 0; i < 3; i++) assert.equal((await send('/v0/address-book-file?user_id=mx8&backfill=1')).status, 200);
      const phones = (await api.get('/v0/address-book/mx8')).body.data.map((x: { phones: string[] }) => x.phones);
      assert.deepEqual(phones, [['+523312345678']]);
    });
  });
}

for (const engine of ENGINES) {
  describe(`regions: app users and accepted invites with a number written without its country, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let usApi: TestApi;
    before(async () => {
      api = await startApi(engine);
      usApi = await startApi(engine, { KITH_DEFAULT_REGION: 'US' });
    });
    after(async () => {
      await api?.close();
      await usApi?.close();
    });
    const book = (a: TestApi, user: string, ownerPhone: string, entries: unknown[]) =>
      a.post('/v0/address-book', { user_id: user, source: { type: 'ios', phone: ownerPhone }, entries, backfill: 1 });
    const names = async (a: TestApi, user: string, q: string) =>
      (await a.get(`/v0/address-book/${user}?${q}`)).body.data.map((x: { name: string }) => x.name).sort();

    it("an app user's own national number is read in the country of their own book, before the server's default", async () => {
      // A US user's book holds a Mexican friend and a US friend whose numbers have the same digits.
      assert.equal(
        (
          await book(usApi, 'u-us', '+1 415 555 0100', [
            { name: 'Lupita Hernández', phone: '+52 55 1234 5678' },
            { name: 'Karen Brooks', phone: '+1 551 234 5678' },
          ])
        ).status,
        200,
      );
      // Lupita joins the app; her own book is Mexican (her phone), and the app sends her number as she typed it.
      assert.equal((await book(usApi, 'u-lupita', '+52 55 1234 5678', [{ name: 'Mamá', phone: '55 8765 4321' }])).status, 200);
      const r = await usApi.post('/v0/users', [{ id: 'u-lupita', phone: '55 1234 5678' }]);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.warnings, undefined, r.text);
      // She is the app user, not Karen (the server's US reading of the digits, before).
      assert.deepEqual(await names(usApi, 'u-us', 'filter_existing_users=1'), ['Karen Brooks']);
    });

    it('without any country known, a national number is a 400 naming it when it is all the record has, and a warning beside an e-mail', async () => {
      const bad = await api.post('/v0/users', [
        { id: 'n1', email: 'n1@example.com' },
        { id: 'n2', phone: '020 7946 0777' },
      ]);
      assert.equal(bad.status, 400, bad.text);
      assert.deepEqual(
        bad.body.details.map((e: { field: string }) => e.field),
        ['entries[1].phone'],
      );
      assert.match(bad.body.details[0].message, /no country code/);
      // Every item that cannot be read is named, a bad id beside another item's problem too.
      const two = await api.post('/v0/users', [{ phone: '+1 415 555 0100' }, { id: 'y', emial: 'y@example.com' }]);
      assert.equal(two.status, 400, two.text);
      assert.deepEqual(
        two.body.details.map((e: { field: string }) => e.field),
        ['entries[0].id', 'entries[1]'],
      );
      const ok = await api.post('/v0/users', [
        { id: 'n1', email: 'n1@example.com' },
        { id: 'n2', email: 'n2@example.com', phone: '020 7946 0777' },
      ]);
      assert.equal(ok.status, 200, ok.text);
      const w = ok.body.meta.warnings.find((x: { field: string }) => x.field === 'entries[].phone');
      assert.ok(w, ok.text);
      assert.equal(w.count, 1);
      assert.deepEqual(w.indexes, [1]);
      // Once n2's own book names the country, the same record is read in it: no warning, and it matches.
      assert.equal((await book(api, 'n2', '+44 7911 123456', [{ name: 'Mum', phone: '020 7946 0000' }])).status, 200);
      assert.equal(
        (
          await book(api, 'owner-gb', '+44 7911 123459', [
            { name: 'Nia Jones', phone: '+44 20 7946 0777' },
            { name: 'Tom Ray', phone: '+44 20 7946 0999' },
          ])
        ).status,
        200,
      );
      const again = await api.post('/v0/users', [{ id: 'n2', email: 'n2@example.com', phone: '020 7946 0777' }]);
      assert.equal(again.status, 200, again.text);
      assert.equal(again.body.meta.warnings, undefined, again.text);
      assert.deepEqual(await names(api, 'owner-gb', 'filter_existing_users=1'), ['Tom Ray']);
    });

    it("an accepted invite's national number is read in the new user's book, else in the inviter's", async () => {
      const noBook = await api.post('/v0/invites-accepted', [{ phone: '020 7946 0555' }]);
      assert.equal(noBook.status, 400, noBook.text);
      assert.equal(noBook.body.details[0].field, 'entries[0].phone');
      assert.equal((await book(api, 'inviter-gb', '+44 7911 123458', [{ name: 'Sam Orr', phone: '020 7946 0555' }])).status, 200);
      const byInviter = await api.post('/v0/invites-accepted', [{ user_id: 'inviter-gb', phone: '020 7946 0555' }]);
      assert.equal(byInviter.status, 200, byInviter.text);
      assert.equal(byInviter.body.meta.warnings, undefined, byInviter.text);
      const byNewUser = await api.post('/invites-accepted', [{ new_user_id: 'n2', phone: '07911 654321' }]);
      assert.equal(byNewUser.status, 200, byNewUser.text);
    });
  });
}
