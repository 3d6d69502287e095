/**
 * POST /v0/address-book-file (the widget's drop, issue #14) on both engines: a Google Contacts CSV or a
 * vCard read by the readers of `kith import`, stored in the user's book, answered as POST
 * /v0/address-book; every bad input a 400 naming the field, with nothing stored.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const FIXTURES = new URL('../cli/fixtures/', import.meta.url).pathname;
const CSV = readFileSync(`${FIXTURES}google.csv`, 'utf8');
const VCF = readFileSync(`${FIXTURES}iphone.vcf`, 'utf8');

for (const engine of ENGINES) {
  describe(`POST /v0/address-book-file on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    const send = (path: string, raw: string, type = 'text/csv', key?: string) => api.request('POST', path, { raw, key, headers: { 'content-type': type } });

    it('a Google CSV with the secret key and ?user_id=: stored and ranked like an upload', async () => {
      const r = await send('/v0/address-book-file?user_id=f1', CSV);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.user_id, 'f1');
      const emails = r.body.data.flatMap((c: { emails: string[] }) => c.emails);
      assert.ok(emails.includes('ana@example.org'), emails.join(', '));
      const stored = await api.get('/v0/address-book/f1');
      assert.deepEqual(
        stored.body.data.map((c: { name: string }) => c.name),
        r.body.data.map((c: { name: string }) => c.name),
      );
    });

    it("a vCard with a client key goes to the key's user (format guessed from the text)", async () => {
      const key = (await api.post('/v0/client-key', { user_id: 'f2' })).body.client_key;
      const r = await send('/v0/address-book-file', VCF, 'text/vcard', key);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.user_id, 'f2');
      assert.ok(r.body.data.length > 0);
      const forbidden = await send('/v0/address-book-file?user_id=f1', VCF, 'text/vcard', key);
      assert.equal(forbidden.status, 403);
    });

    it("the upload's options are query parameters: limit, explain, include_left_out, backfill; a bad one is a 400 naming it", async () => {
      const csv = 'Name,E-mail 1 - Value,Phone 1 - Value\nAnn Lee,ann@example.org,\nShop,no-reply@shop.example,\nBo Chen,bo@example.net,\n';
      const r = await send('/v0/address-book-file?user_id=f4&limit=1&explain=1&include_left_out=1', csv);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 1);
      assert.ok(r.body.data[0].explain, 'explain is applied');
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 1, reason: 'no_reply' }]);
      assert.equal(r.body.meta.cleaning.left_out, 1);
      const b = await send('/v0/address-book-file?user_id=f5&backfill=1', csv);
      assert.equal(b.status, 200, b.text);
      assert.equal(b.body.data, undefined);
      assert.equal((await api.get('/v0/address-book/f5')).body.data.length, 2);
      const bad = await send('/v0/address-book-file?user_id=f6&limit=lots', csv);
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'limit');
      assert.equal((await api.get('/v0/address-book/f6')).status, 404);
    });

    it('bad input: a 400 naming the field, and nothing stored', async () => {
      const cases: [string, string, string, string][] = [
        ['/v0/address-book-file', CSV, 'text/csv', 'user_id'],
        ['/v0/address-book-file?user_id=f3', '  ', 'text/plain', 'body'],
        ['/v0/address-book-file?user_id=f3', 'a,b\n1,2\n', 'text/csv', 'body'],
        ['/v0/address-book-file?user_id=f3&format=xls', CSV, 'text/csv', 'format'],
        ['/v0/address-book-file?user_id=f3', 'BEGIN:VCARD\r\nVERSION:3.0\r\nEND:VCARD\r\n', 'text/vcard', 'body'],
      ];
      for (const [path, raw, type, field] of cases) {
        const r = await send(path, raw, type);
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.equal(r.body.details[0].field, field, path);
      }
      assert.equal((await api.get('/v0/address-book/f3')).status, 404);
      assert.equal((await send('/v0/address-book-file?user_id=f3', CSV, 'application/pdf')).status, 415);
    });

    // Issue #12: every card of a vCard file is read or named, and an index is a card's position.
    const vcf = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
    const card = (...lines: string[]) => vcf('BEGIN:VCARD', ...lines, 'END:VCARD');
    const namesOf = (r: { body: { data: { name: string }[] } }) => r.body.data.map((c) => c.name).sort();

    it('vCards without VERSION, with it written loosely, or without END:VCARD are read and counted; the missing ENDs are named', async () => {
      const file =
        card('VERSION:3.0', 'FN:First', 'EMAIL:first@example.com') +
        card('FN:Middle', 'EMAIL:middle@example.com') +
        card('VERSION:3', 'FN:Three', 'EMAIL:three@example.com') +
        card('VERSION: 3.0', 'FN:Spaced', 'EMAIL:spaced@example.com') +
        card('VERSION:2.0', 'FN:Two', 'EMAIL:two@example.com') +
        vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Joined', 'EMAIL:joined@example.com') + // the next BEGIN ends it
        vcf('BEGIN:VCARD', 'VERSION:3.0', 'FN:Truncated', 'EMAIL:truncated@example.com'); // a truncated export
      const r = await send('/v0/address-book-file?user_id=v1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(namesOf(r), ['First', 'Joined', 'Middle', 'Spaced', 'Three', 'Truncated', 'Two']);
      assert.equal(r.body.meta.cleaning.entries_read, 7);
      assert.equal(r.body.meta.cleaning.contacts, 7);
      assert.equal(r.body.meta.warnings.length, 1, r.text);
      const [w] = r.body.meta.warnings;
      assert.equal(w.field, 'body');
      assert.match(w.message, /without END:VCARD/);
      assert.equal(w.count, 2);
      assert.deepEqual(w.indexes, [5, 6]);
      assert.equal((await api.get('/v0/address-book/v1')).body.data.length, 7);
      const b = await send('/v0/address-book-file?user_id=v1b&backfill=1', file, 'text/vcard');
      assert.equal(b.status, 200, b.text);
      assert.deepEqual(b.body.meta.warnings, r.body.meta.warnings);
    });

    it("left_out_entries[].index is the card's position in the file, on POST and GET; a clean file has no warnings", async () => {
      const file =
        card('VERSION:3.0', 'NOTE:only a note') +
        card('FN:No Version', 'EMAIL:nv@example.com') +
        card('VERSION:3.0', 'FN:Shop', 'EMAIL:no-reply@shop.example') +
        card('VERSION:3.0', 'FN:Ann Lee', 'EMAIL:ann@example.com');
      const r = await send('/v0/address-book-file?user_id=v2&include_left_out=1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 0, reason: 'nothing_to_invite' },
        { index: 2, reason: 'no_reply' },
      ]);
      assert.equal(r.body.meta.cleaning.entries_read, 4);
      assert.equal(r.body.meta.warnings, undefined);
      assert.deepEqual(namesOf(r), ['Ann Lee', 'No Version']);
      const stored = await api.get('/v0/address-book/v2?include_left_out=1');
      assert.deepEqual(
        stored.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]),
        [
          [0, 'nothing_to_invite'],
          [2, 'no_reply'],
        ],
      );
    });

    it('a card that cannot be read is counted, left out and named in meta.warnings; a file of nothing else is a 400 saying why', async () => {
      const future = card('VERSION:9.9', 'FN:Future', 'EMAIL:future@example.com');
      const r = await send(
        '/v0/address-book-file?user_id=v3&include_left_out=1',
        future + card('VERSION:3.0', 'FN:Ann', 'EMAIL:ann@example.com'),
        'text/vcard',
      );
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(namesOf(r), ['Ann']);
      assert.equal(r.body.meta.cleaning.entries_read, 2);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 0, reason: 'nothing_to_invite' }]);
      assert.equal(r.body.meta.warnings.length, 1, r.text);
      assert.match(r.body.meta.warnings[0].message, /not read \(unsupported vCard version "9\.9"\)/);
      assert.deepEqual(r.body.meta.warnings[0].indexes, [0]);
      const bad = await send('/v0/address-book-file?user_id=v3b', future, 'text/vcard');
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'body');
      assert.match(bad.body.details[0].message, /unsupported vCard version "9\.9"/);
      assert.equal((await api.get('/v0/address-book/v3b')).status, 404);
    });

    it('a quoted parameter holding ":" keeps the address; base64 and RFC 2047 names are decoded', async () => {
      const file =
        card('VERSION:4.0', 'FN:Ned Stark', 'EMAIL;TYPE="x:y";PREF=1:ned@example.com') +
        card('VERSION:3.0', `FN;ENCODING=b:${Buffer.from('Álvaro Gonçalves').toString('base64')}`, 'EMAIL:alvaro@example.com') +
        card('VERSION:3.0', 'FN:=?UTF-8?Q?Ren=C3=A9e_Dupont?=', 'EMAIL:renee@example.com') +
        card('VERSION:3.0', 'N:=?ISO-8859-1?Q?M=FCller?=;=?ISO-8859-1?Q?J=FCrgen?=;;;', 'EMAIL:juergen@example.com');
      const r = await send('/v0/address-book-file?user_id=v4&include_left_out=1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      const byEmail = Object.fromEntries(r.body.data.map((c: { email: string; name: string }) => [c.email, c.name]));
      assert.deepEqual(byEmail, {
        'ned@example.com': 'Ned Stark',
        'alvaro@example.com': 'Álvaro Gonçalves',
        'renee@example.com': 'Renée Dupont',
        'juergen@example.com': 'Jürgen Müller',
      });
    });

    it('a windows-1252 or UTF-16 file is decoded: the names come back right, no warning', async () => {
      const text = card('VERSION:2.1', 'FN:Jürgen Müller', 'EMAIL:juergen@example.com') + card('VERSION:2.1', 'FN:Zoë O’Brien', 'EMAIL:zoe@example.com');
      const cp1252 = Buffer.from(text.replace('’', '\u0092'), 'latin1'); // ’ is byte 0x92 in windows-1252
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
      for (const [user, file, type] of [
        ['v5', cp1252, 'text/vcard; charset=windows-1252'],
        ['v6', cp1252, 'text/vcard'], // undeclared: not UTF-8, so windows-1252
        ['v7', utf16, 'text/vcard'], // a byte-order mark
      ] as const) {
        const res = await fetch(`${api.base}/v0/address-book-file?user_id=${user}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${api.key}`, 'content-type': type },
          body: file,
        });
        const body = await res.json();
        assert.equal(res.status, 200, `${user}: ${JSON.stringify(body)}`);
        assert.deepEqual(
          Object.fromEntries(body.data.map((c: { email: string; name: string }) => [c.email, c.name])),
          { 'juergen@example.com': 'Jürgen Müller', 'zoe@example.com': 'Zoë O’Brien' },
          user,
        );
        assert.equal(body.meta.warnings, undefined, JSON.stringify(body.meta.warnings));
      }
    });
  });
}
