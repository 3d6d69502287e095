/**
 * HTTP probes of the fifty-ninth session, on each engine:
 * - a Buenos Aires mobile saved as dialled within the city (`15-4123-4567`) in an Argentine book was a row
 *   of its own beside the same friend's `+54 9 11 4123-4567` card.
 * - a JSON document sent to the file route (a Telegram export's result.json) was "no contact that could be
 *   read": true, but not what was wrong.
 * - a Thunderbird LDIF export sent to the file route was read as a CSV: people lost, the rest nameless.
 * - `Mom` and `Papa Joe` (a relation word of the other sex before a name), each with a mobile on the family
 *   mailbox, and `Mom` and `Dad` on the mailbox alone, were one row: the mother gone into his.
 * - a calendar's rooms and a school class's list, written to with every meeting or note, topped a book.
 * - a Vietnamese CSV (`Họ và tên,Số điện thoại,Email`) was read as addresses alone, names and numbers lost.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; phones: string[]; emails: string[] };

for (const engine of ENGINES) {
  describe(`probe of the fifty-ninth session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("a Buenos Aires mobile written with 15 and its eight digits, in an Argentine book, is the friend's +54 9 11 number: one row", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'ar15',
        source: { type: 'android', region: 'AR' },
        entries: [
          { name: 'Lucía Fernández', phone: '15-4123-4567', times_contacted: 9 },
          { name: 'Lucía Fernández', phone: '+54 9 11 4123-4567', email: 'lucia@example.com.ar' },
          // Seven digits after 15: any area's, so as written (never another person's number).
          { name: 'Pablo Ríos', phone: '15-412-3456' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.deepEqual(
        rows.map((x) => [x.name, x.phones]),
        [
          ['Lucía Fernández', ['+5491141234567']],
          ['Pablo Ríos', ['15-412-3456']],
        ],
      );
      assert.equal(r.body.meta.cleaning.merged, 1);
    });

    it("a Telegram export's result.json sent to the file route is a 400 naming body that says it is JSON; nothing stored", async () => {
      const telegram = JSON.stringify({
        about: 'Here is the data you requested.',
        contacts: { about: 'contacts', list: [{ user_id: 1, first_name: 'Ivan', last_name: 'Petrov', phone_number: '+79161234567' }] },
      });
      for (const type of ['text/plain', 'application/octet-stream', 'text/csv']) {
        const r = await api.request('POST', '/v0/address-book-file?user_id=tg1', { raw: telegram, headers: { 'content-type': type } });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.details[0].field, 'body');
        assert.match(
          r.body.details[0].message,
          /^is a Telegram export's JSON \(result\.json\), not a vCard or CSV file: send the contacts as JSON entries to POST \/v0\/address-book/,
        );
      }
      assert.equal((await api.get('/v0/address-book/tg1')).status, 404);
    });

    it('a Thunderbird LDIF export sent to the file route as text/plain is read as LDIF: its people named, with their addresses and phones', async () => {
      const ldif = [
        'dn: cn=Ann Lee,mail=ann@example.com',
        'objectclass: top',
        'objectclass: person',
        'objectclass: inetOrgPerson',
        'objectclass: mozillaAbPersonAlpha',
        'givenName: Ann',
        'sn: Lee',
        'cn: Ann Lee',
        'mail: ann@example.com',
        'mozillaSecondEmail: ann.lee@example.org',
        'telephoneNumber: +49 30 1234567',
        'mobile: +49 151 23456789',
        'facsimiletelephonenumber: +49 30 7654321',
        '',
        // Jörg Schröder, in base64 as Thunderbird writes a name that is not ASCII; a folded mail line.
        'dn:: Y249SsO2cmcgU2NocsO2ZGVyLG1haWw9am9lcmdAZXhhbXBsZS5kZQ==',
        'objectclass: mozillaAbPersonAlpha',
        'cn:: SsO2cmcgU2NocsO2ZGVy',
        'mail: joerg@exam',
        ' ple.de',
        'homePhone: +49 40 9876543',
        '',
        'dn: cn=Friends',
        'objectclass: top',
        'objectclass: groupOfNames',
        'cn: Friends',
        'member: cn=Ann Lee,mail=ann@example.com',
        'member: cn=Cleo Park,mail=cleo@example.net',
        '',
      ].join('\r\n');
      const r = await api.request('POST', '/v0/address-book-file?user_id=ldif1&include_left_out=1', { raw: ldif, headers: { 'content-type': 'text/plain' } });
      assert.equal(r.status, 200, r.text);
      const rows = (r.body.data as Row[]).map((x) => [x.name, x.emails, x.phones]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      assert.deepEqual(rows, [
        // The fax is not Ann's phone.
        ['Ann Lee', ['ann@example.com', 'ann.lee@example.org'], ['+4915123456789', '+49301234567']],
        // A member of the list who is no record of the file is a person of their own.
        ['Cleo Park', ['cleo@example.net'], []],
        ['Jörg Schröder', ['joerg@example.de'], ['+49409876543']],
      ]);
      // Three records and the list's member: the list itself is no person.
      assert.equal(r.body.meta.cleaning.entries_read, 4);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 2, reason: 'nothing_to_invite' }]);
      const warnings = (r.body.meta.warnings ?? []) as { field: string; message: string }[];
      assert.ok(!warnings.some((w) => /CSV/.test(w.message)), JSON.stringify(warnings));
      assert.ok(
        warnings.some((w) => w.field === 'body' && /^LDIF group records/.test(w.message)),
        JSON.stringify(warnings),
      );
      // ?format=ldif names it; ?format=csv is contradicted, naming format; nothing stored then.
      const named = await api.request('POST', '/v0/address-book-file?user_id=ldif2&format=ldif', {
        raw: ldif,
        headers: { 'content-type': 'application/octet-stream' },
      });
      assert.equal(named.status, 200, named.text);
      const wrong = await api.request('POST', '/v0/address-book-file?user_id=ldif3&format=csv', { raw: ldif, headers: { 'content-type': 'text/plain' } });
      assert.equal(wrong.status, 400, wrong.text);
      assert.deepEqual(wrong.body.details[0], {
        field: 'format',
        message: 'is csv, but the body is an LDIF file (its first record begins dn:), not a CSV: send format=ldif or leave format out',
      });
      assert.equal((await api.get('/v0/address-book/ldif3')).status, 404);
    });

    it("a number saved before its country renumbered (Benin's 8 digits, a Colombian landline's one-digit area code) is the person's number of today: one row each", async () => {
      const bj = await api.post('/v0/address-book', {
        user_id: 'bj2024',
        source: { type: 'android', region: 'BJ' },
        entries: [
          { name: 'Koffi Adjovi', phone: '97 12 34 56', times_contacted: 4 },
          { name: 'Koffi Adjovi', phone: '+229 01 97 12 34 56', email: 'koffi@example.bj' },
          { name: 'Afi Houngbo', phone: '+229 96 55 44 33' },
        ],
      });
      assert.equal(bj.status, 200, bj.text);
      assert.deepEqual(
        (bj.body.data as Row[]).map((x) => [x.name, x.phones]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        [
          ['Afi Houngbo', ['+2290196554433']],
          ['Koffi Adjovi', ['+2290197123456']],
        ],
      );
      assert.equal(bj.body.meta.cleaning.merged, 1);

      const co = await api.post('/v0/address-book', {
        user_id: 'co2021',
        source: { type: 'android', region: 'CO' },
        entries: [
          { name: 'Andrés Gómez', phone: '(1) 234 5678', times_contacted: 3 },
          { name: 'Andrés Gómez', phone: '+57 601 234 5678', email: 'andres@example.com.co' },
          // A mobile (ten digits, 3XX) is no landline: as written.
          { name: 'Camila Ruiz', phone: '300 123 4567' },
        ],
      });
      assert.equal(co.status, 200, co.text);
      assert.deepEqual(
        (co.body.data as Row[]).map((x) => [x.name, x.phones]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
        [
          ['Andrés Gómez', ['+576012345678']],
          ['Camila Ruiz', ['+573001234567']],
        ],
      );
      assert.equal(co.body.meta.cleaning.merged, 1);
    });

    it('a mother and a father by their labels on the family mailbox are two rows, whatever else they hold', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'kin1',
        source: { type: 'gmail', region: 'US' },
        entries: [
          { name: 'Mom', email: 'thecoles@example.net', phone: '+1 415 555 0181', times_contacted: 9 },
          { name: 'Papa Joe', email: 'thecoles@example.net', phone: '+1 415 555 0182', times_contacted: 3 },
          { name: 'Oma', email: 'weber.family@example.de', times_contacted: 5 },
          { name: 'Opa', email: 'weber.family@example.de', times_contacted: 2 },
          // One person: a label and the name of one sex.
          { name: 'Dad', phone: '+1 415 555 0190' },
          { name: 'Papa Mike', phone: '+1 415 555 0190', email: 'mike@example.org' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = (r.body.data as Row[]).map((x) => [x.name, x.emails, x.phones]);
      assert.deepEqual(rows.slice(0, 2), [
        ['Mom', ['thecoles@example.net'], ['+14155550181']],
        ['Oma', ['weber.family@example.de'], []],
      ]);
      assert.equal(rows.length, 5, JSON.stringify(rows));
      assert.ok(rows.some(([n, , p]) => n === 'Papa Joe' && JSON.stringify(p) === '["+14155550182"]'));
      assert.ok(rows.some(([n]) => n === 'Opa'));
      assert.equal(r.body.meta.cleaning.merged, 1);
    });

    it("a calendar's rooms and a list of people by its name, written to often, rank after the people", async () => {
      const people = [
        { name: 'Maria Lopez', email: 'maria.lopez@initech.example', times_contacted: 2 },
        { name: 'Tom Becker', email: 'tom.becker@example.org', times_contacted: 3 },
      ];
      const groups = [
        { name: 'NYC-12-Boardroom (16) [Zoom]', email: 'nyc12boardroom@initech.example', times_contacted: 15 },
        { name: 'Raum Alster (8 Pers.)', email: 'raum.alster@initech.example', times_contacted: 10 },
        { name: 'Class 3B Parents', email: 'parents-3b@school.example', times_contacted: 30 },
        { name: 'PTA', email: 'pta@lincoln-elem.example', times_contacted: 12 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'rooms1', source: { type: 'gmail' }, entries: [...groups, ...people] });
      assert.equal(r.status, 200, r.text);
      const order = (r.body.data as Row[]).map((x) => x.emails[0]);
      assert.deepEqual(order.slice(0, 2).sort(), people.map((p) => p.email).sort());
      assert.deepEqual(order.slice(2).sort(), groups.map((g) => g.email).sort());
    });

    it('a Vietnamese CSV is read by its columns; one whose names are in columns Kith does not know says so', async () => {
      const file = 'Họ và tên,Số điện thoại,Email\nNguyễn Văn An,0912 345 678,an@example.vn\nTrần Thị Bình,0987 654 321,\n';
      const r = await api.request('POST', '/v0/address-book-file?user_id=vi1&region=VN', { raw: file, headers: { 'content-type': 'text/csv' } });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.data as Row[]).map((x) => [x.name, x.phones]).sort(), [
        ['Nguyễn Văn An', ['+84912345678']],
        ['Trần Thị Bình', ['+84987654321']],
      ]);
      assert.equal(r.body.meta.warnings, undefined);
      const unknown = await api.request('POST', '/v0/address-book-file?user_id=vi2&region=VN', {
        raw: 'Khách,Liên lạc,Email\nNguyễn Văn An,0912 345 678,an@example.vn\n',
        headers: { 'content-type': 'text/csv' },
      });
      assert.equal(unknown.status, 200, unknown.text);
      const w = (unknown.body.meta.warnings as { field: string; message: string }[]).find((x) => x.field === 'body');
      assert.match(w?.message ?? '', /^no column of names was found, and the CSV's columns "Khách", "Liên lạc" were not read/);
    });
  });
}
