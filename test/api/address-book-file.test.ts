/**
 * POST /v0/address-book-file (the widget's drop, issue #14) on both engines: a contacts CSV (Google,
 * Outlook, LinkedIn, any CSV naming contact columns; `,` `;` or tab) or a vCard read by the readers of
 * `kith import`, sent as the body or as a form's file part, stored in the user's book, answered as POST
 * /v0/address-book; every bad input a 400 naming the field, with nothing stored.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { hashKey } from '../../src/services/keys.ts';
import { tenantOf } from '../../src/storage/types.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const FIXTURES = new URL('../cli/fixtures/', import.meta.url).pathname;
const CSV = readFileSync(`${FIXTURES}google.csv`, 'utf8');
const VCF = readFileSync(`${FIXTURES}iphone.vcf`, 'utf8');

for (const engine of ENGINES) {
  describe(`POST /v0/address-book-file on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let tenant: string;
    before(async () => {
      api = await startApi(engine);
      const rec = await api.storage.findKeyByHash(hashKey(api.key));
      tenant = tenantOf(rec!.appId, rec!.env);
    });
    after(async () => {
      await api?.close();
    });

    const send = (path: string, raw: string, type = 'text/csv', key?: string) => api.request('POST', path, { raw, key, headers: { 'content-type': type } });

    it("a file over the upload's bounds is a 400 in the file's terms (body, the card's position), nothing stored", async () => {
      const small = await startApi(engine, { LOG_LEVEL: 'warn', KITH_MAX_ENTRIES: '3' });
      try {
        const rows = ['Name,E-mail Address', ...Array.from({ length: 4 }, (_, i) => `P ${i},p${i}@x.example`)].join('\r\n');
        const many = await small.request('POST', '/v0/address-book-file?user_id=big', { raw: rows, headers: { 'content-type': 'text/csv' } });
        assert.equal(many.status, 400, many.text);
        assert.deepEqual(many.body.details, [{ field: 'body', message: 'holds 4 contacts: at most 3 per upload (split the file)' }]);
        const emails = Array.from({ length: 1001 }, (_, i) => `EMAIL:a${i}@x.example`);
        const vcf = [
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:Bo',
          'EMAIL:bo@x.example',
          'END:VCARD',
          'BEGIN:VCARD',
          'VERSION:3.0',
          'FN:Ann',
          ...emails,
          'END:VCARD',
          '',
        ].join('\r\n');
        const card = await small.request('POST', '/v0/address-book-file?user_id=big', { raw: vcf, headers: { 'content-type': 'text/vcard' } });
        assert.equal(card.status, 400, card.text);
        assert.equal(card.body.details[0].field, 'body');
        assert.match(card.body.details[0].message, /^card 2 of the file \(entries\[1\]\.emails\): must hold at most 1000 items$/);
        assert.equal((await small.get('/v0/address-book/big')).status, 404);
      } finally {
        await small.close();
      }
    });

    it('a 400 names every wrong field, whichever check found it (user, file, region, options), as POST does; nothing stored', async () => {
      const card = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:ann@example.com\r\nEND:VCARD\r\n';
      const fields = (r: { body: { details: { field: string }[] } }) => r.body.details.map((d) => d.field);
      const region = await send('/v0/address-book-file?user_id=every1&limit=abc&explain=maybe&region=ZZ', card, 'text/vcard');
      assert.equal(region.status, 400, region.text);
      assert.deepEqual(fields(region), ['region', 'limit', 'explain']);
      assert.match(region.body.error, /^Invalid request: region must be an ISO 3166 country code .* \(and 2 more problems\)\.$/);
      const blank = await send('/v0/address-book-file?user_id=%20&limit=abc&explain=maybe', card, 'text/vcard');
      assert.equal(blank.status, 400, blank.text);
      assert.deepEqual(fields(blank), ['user_id', 'limit', 'explain']);
      const csv = await send('/v0/address-book-file?user_id=every1&limit=abc', 'foo,bar\n1,2\n');
      assert.equal(csv.status, 400, csv.text);
      assert.deepEqual(fields(csv), ['body', 'limit']);
      assert.match(csv.body.error, /\(and 1 more problem\)\.$/);
      const none = await send('/v0/address-book-file?format=xml&limit=abc', card, 'text/vcard');
      assert.equal(none.status, 400, none.text);
      assert.deepEqual(fields(none), ['user_id', 'format', 'limit']);
      // The same options on POST /v0/address-book: the same details.
      const json = await api.post('/v0/address-book', {
        user_id: 'every1',
        source: {},
        entries: [{ name: 'Ann', emails: ['ann@example.com'] }],
        limit: 'abc',
        explain: 'maybe',
      });
      assert.equal(json.status, 400, json.text);
      assert.deepEqual(json.body.details, region.body.details.slice(1));
      assert.equal((await api.get('/v0/address-book/every1')).status, 404);
    });

    it('a value over the length limit is one detail, as on POST /v0/address-book (the list holding it not named again)', async () => {
      const long = `${'a'.repeat(100_001 - '@example.com'.length)}@example.com`;
      const phone = `+1${'5'.repeat(99_999)}`;
      for (const [raw, type, detail] of [
        [`Name,Email\nAnn,${long}\n`, 'text/csv', 'contact 1 of the file (entries[0].emails[0]): must be at most 100000 characters'],
        [
          `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:${long}\r\nEND:VCARD\r\n`,
          'text/vcard',
          'card 1 of the file (entries[0].emails[0]): must be at most 100000 characters',
        ],
        [
          `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nTEL:${phone}\r\nEND:VCARD\r\n`,
          'text/vcard',
          'card 1 of the file (entries[0].phones[0]): must be at most 100000 characters',
        ],
      ]) {
        const r = await send('/v0/address-book-file?user_id=long1', raw, type);
        assert.equal(r.status, 400, r.text);
        assert.deepEqual(r.body.details, [{ field: 'body', message: detail }]);
        assert.equal(r.body.error, `Invalid request: body ${detail}.`);
      }
      for (const entry of [
        { name: 'Ann', emails: [long] },
        { name: 'Ann', phones: [phone] },
      ]) {
        const json = await api.post('/v0/address-book', { user_id: 'long1', source: {}, entries: [entry] });
        assert.equal(json.status, 400, json.text);
        assert.deepEqual(
          json.body.details.map((d: { field: string }) => d.field),
          [entry.emails === undefined ? 'entries[0].phones[0]' : 'entries[0].emails[0]'],
        );
      }
      assert.equal((await api.get('/v0/address-book/long1')).status, 404);
    });

    it('more than 20 problems: 20 details, counted in the words of POST /v0/address-book', async () => {
      const small = await startApi(engine, { LOG_LEVEL: 'warn', KITH_MAX_STRING_LENGTH: '16' });
      try {
        const rows = ['Name,E-mail Address', ...Array.from({ length: 25 }, (_, i) => `P ${i},person-number-${i}@x.example`)].join('\r\n');
        const file = await small.request('POST', '/v0/address-book-file?user_id=many&limit=abc', { raw: rows, headers: { 'content-type': 'text/csv' } });
        assert.equal(file.status, 400, file.text);
        assert.equal(file.body.details.length, 20);
        assert.equal(
          file.body.error,
          'Invalid request: body contact 1 of the file (entries[0].emails[0]): must be at most 16 characters (and 19 more problems; the check stops at 20, so there may be more).',
        );
        assert.equal(file.body.details[19].message, 'contact 20 of the file (entries[19].emails[0]): must be at most 16 characters');
        const json = await small.post('/v0/address-book', {
          user_id: 'many',
          source: {},
          limit: 'abc',
          entries: Array.from({ length: 25 }, (_, i) => ({ name: `P ${i}`, emails: [`person-number-${i}@x.example`] })),
        });
        assert.equal(json.status, 400, json.text);
        assert.equal(json.body.details.length, 20);
        assert.match(json.body.error, /\(and 19 more problems; the check stops at 20, so there may be more\)\.$/);
        assert.equal((await small.get('/v0/address-book/many')).status, 404);
      } finally {
        await small.close();
      }
    });

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

    it('a JSON body (an upload body sent to the file route) is a 415 naming the types taken and POST /v0/address-book; nothing stored', async () => {
      const body = JSON.stringify({ user_id: 'j1', source: {}, entries: [{ email: 'ann@example.com' }] });
      for (const type of ['application/json', 'application/json; charset=utf-8', 'application/vnd.kith+json']) {
        const r = await send('/v0/address-book-file?user_id=j1', body, type);
        // It was a 400 "body must be the text of a .vcf or .csv file", which told the client nothing of why.
        assert.equal(r.status, 415, `${type}: ${r.text}`);
        assert.equal(r.body.code, 'unsupported_media_type');
        assert.match(r.body.error, /Content-Type text\/plain, text\/vcard, .*text\/csv, .*multipart\/form-data/);
        assert.match(r.body.error, new RegExp(`not ${type.split(';')[0].replace(/[.+]/g, '\\$&')}\\)`));
        assert.match(r.body.error, /A JSON upload body goes to POST \/v0\/address-book\./);
      }
      // Another type names no JSON endpoint.
      const pdf = await send('/v0/address-book-file?user_id=j1', 'x', 'application/pdf');
      assert.equal(pdf.status, 415);
      assert.doesNotMatch(pdf.body.error, /JSON/);
      assert.equal((await api.get('/v0/address-book/j1')).status, 404);
      // The JSON routes still read JSON.
      assert.equal((await api.post('/v0/address-book', JSON.parse(body))).status, 200);
    });

    it("the playground's file parser counts every card, as this route does: a card with nothing usable is an entry too", async () => {
      const text = card('VERSION:9.9', 'FN:Future', 'EMAIL:future@example.com') + card('VERSION:3.0', 'FN:Ann', 'EMAIL:ann@example.com') + card('VERSION:3.0');
      const parsed = await send('/playground/parse?format=vcard', text, 'text/vcard');
      assert.equal(parsed.status, 200, parsed.text);
      // It listed only Ann (1 entry, 2 skipped): the playground then said "1 entries read" where the API says 3.
      assert.equal(parsed.body.entries.length, 3);
      assert.equal(parsed.body.skipped, 2);
      const file = await send('/v0/address-book-file?user_id=pg-count', text, 'text/vcard');
      assert.equal(file.body.meta.cleaning.entries_read, parsed.body.entries.length);
      const upload = await api.post('/v0/address-book', { user_id: 'pg-count-json', source: {}, entries: parsed.body.entries });
      assert.equal(upload.status, 200, upload.text);
      assert.deepEqual(upload.body.meta.cleaning, file.body.meta.cleaning);
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

    it("a vCard 2.1 AGENT card is the contact's assistant: a person of their own, an entry after the card holding it", async () => {
      const file = [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Ann Lee',
        'AGENT:',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Bo Assistant',
        'TEL;WORK:+1 415 555 0199',
        'END:VCARD',
        'EMAIL:ann@example.com',
        'END:VCARD',
        'BEGIN:VCARD',
        'VERSION:2.1',
        'FN:Cy',
        'END:VCARD',
        '',
      ].join('\r\n');
      const r = await send('/v0/address-book-file?user_id=v-agent&include_left_out=1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.cleaning.entries_read, 3);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 2, reason: 'nothing_to_invite' }]);
      assert.deepEqual(namesOf(r).sort(), ['Ann Lee', 'Bo Assistant']);
      const bo = r.body.data.find((c: { name: string }) => c.name === 'Bo Assistant');
      assert.deepEqual(bo.phones, ['+14155550199']);
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

    // Issue #15: CSVs other than Google's, other delimiters and encodings, one entry per row, form uploads.
    /** The file's bytes as the body (or a FormData), as a browser's fetch sends them. */
    const post = async (path: string, body: Buffer | string | FormData, type?: string) => {
      const res = await fetch(`${api.base}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.key}`, ...(type === undefined ? {} : { 'content-type': type }) },
        body: Buffer.isBuffer(body) ? new Uint8Array(body) : body,
      });
      return { status: res.status, body: await res.json() };
    };
    const byEmail = (r: { body: { data: { email: string; name: string }[] } }) => Object.fromEntries(r.body.data.map((c) => [c.email, c.name]));
    const sourcesOf = async (user: string) => (await api.storage.loadBook(tenant, user))?.sources.map((s) => s.type ?? null);
    /** The companies stored for a user's entries (the ranked list does not show them). */
    const companiesOf = async (user: string) => (await api.storage.loadBook(tenant, user))?.entries.map((e) => e.company);

    it('an Outlook export: read and ranked, an Exchange X.500 name is no address, stored without a source type (none fits)', async () => {
      const file =
        'Title,First Name,Middle Name,Last Name,Suffix,Company,Job Title,Business Phone,Home Phone,Mobile Phone,E-mail Address,E-mail Type,E-mail Display Name,E-mail 2 Address,E-mail 2 Type,E-mail 2 Display Name,Notes\r\n' +
        'Dr.,Zoë,,Müller,,"Acme, Inc.",Director,+1 415 555 0100,,+1 415 555 0123,zoe@acme.example,SMTP,Zoë Müller (zoe@acme.example),/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=zoe,EX,Zoë Müller,"met in Lisbon, 2019"\r\n' +
        ',,,,,,,,,,bo@example.net,SMTP,Bo Chen (bo@example.net),,,,\r\n';
      const r = await send('/v0/address-book-file?user_id=o1&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(byEmail(r), { 'zoe@acme.example': 'Dr. Zoë Müller', 'bo@example.net': 'Bo Chen' });
      const zoe = r.body.data.find((c: { email: string }) => c.email === 'zoe@acme.example');
      assert.deepEqual(zoe.emails, ['zoe@acme.example'], 'the X.500 name is not sent as an e-mail');
      assert.deepEqual(await companiesOf('o1'), ['Acme, Inc.', null]);
      assert.equal(r.body.meta.cleaning.entries_read, 2);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      assert.deepEqual(await sourcesOf('o1'), [null]);
      // must not change: a Google Contacts export is stored as gmail.
      assert.equal((await send('/v0/address-book-file?user_id=o2', CSV)).status, 200);
      assert.deepEqual(await sourcesOf('o2'), ['gmail']);
    });

    it("LinkedIn's Connections.csv: the preamble skipped, indexes count from the header; connections without an e-mail are left out", async () => {
      const file =
        'Notes:\r\n' +
        '"When exporting your connection data, you may notice that some of the email addresses are missing. You will only see email addresses for connections who have allowed their connections to see or download their email address using this setting https://www.linkedin.com/psettings/privacy/email. You can learn more here https://www.linkedin.com/help/linkedin/answer/261"\r\n' +
        '\r\n' +
        'First Name,Last Name,URL,Email Address,Company,Position,Connected On\r\n' +
        'Ivo,Petrov,https://www.linkedin.com/in/ivopetrov,,"Petrov, Ltd.",CEO,12 Mar 2024\r\n' +
        'Jo,Lind,https://www.linkedin.com/in/jolind,jo@example.com,Lind AB,Engineer,01 Jan 2020\r\n' +
        'Kim,Park,https://www.linkedin.com/in/kimpark,,Park Co,CTO,05 May 2021\r\n';
      const r = await send('/v0/address-book-file?user_id=l1&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(byEmail(r), { 'jo@example.com': 'Jo Lind' });
      assert.equal(r.body.meta.cleaning.entries_read, 3);
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 0, reason: 'nothing_to_invite' },
        { index: 2, reason: 'nothing_to_invite' },
      ]);
      assert.equal(r.body.meta.warnings, undefined);
    });

    it('";" (a European spreadsheet), a tab (TSV), windows-1252 and UTF-16 files: the same names come back', async () => {
      const rows = [
        ['Name', 'E-mail', 'Mobile', 'Company'],
        ['Jürgen Müller', 'juergen@example.com', '+49 171 1234567', 'Müller; Söhne'],
        ['Zoë O’Brien', 'zoe@example.com', '', ''],
      ];
      const text = (d: string) => `${rows.map((cells) => cells.map((c) => (c.includes(d) ? `"${c}"` : c)).join(d)).join('\r\n')}\r\n`;
      const cp1252 = (s: string) => Buffer.from(s.replace('’', '\u0092'), 'latin1'); // ’ is byte 0x92 in windows-1252
      const cases: [string, Buffer, string][] = [
        ['s1', Buffer.from(`\uFEFF${text(';')}`, 'utf8'), 'text/csv'], // Excel's "CSV UTF-8" in a European locale
        ['s2', Buffer.from(text('\t'), 'utf8'), 'text/tab-separated-values'],
        ['s3', cp1252(text(';')), 'text/csv'], // Excel's "CSV" in a German locale: windows-1252, undeclared
        ['s4', cp1252(text(',')), 'application/vnd.ms-excel; charset=windows-1252'],
        ['s5', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text('\t'), 'utf16le')]), 'text/plain'], // Excel's "Unicode Text"
      ];
      for (const [user, file, type] of cases) {
        const r = await post(`/v0/address-book-file?user_id=${user}`, file, type);
        assert.equal(r.status, 200, `${user}: ${JSON.stringify(r.body)}`);
        assert.deepEqual(byEmail(r), { 'juergen@example.com': 'Jürgen Müller', 'zoe@example.com': 'Zoë O’Brien' }, user);
        assert.deepEqual(await companiesOf(user), ['Müller; Söhne', null], `${user}: a quoted delimiter is text`);
        assert.equal(r.body.meta.warnings, undefined, `${user}: ${JSON.stringify(r.body.meta.warnings)}`);
      }
    });

    it('a CSV row with nothing usable is an entry: counted, left out as nothing_to_invite, and the next rows keep their index (POST and GET)', async () => {
      const file = 'Name,Email,Notes\n\nAnn Lee,ann@example.com,\n,,only a note\nShop,no-reply@shop.example,\nBo Chen,bo@example.net,\n';
      const r = await send('/v0/address-book-file?user_id=r1&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(namesOf(r), ['Ann Lee', 'Bo Chen']);
      assert.equal(r.body.meta.cleaning.entries_read, 4, 'the blank line is no row; the note-only row is');
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 1, reason: 'nothing_to_invite' },
        { index: 2, reason: 'no_reply' },
      ]);
      assert.equal(r.body.meta.warnings, undefined, 'a row holding nothing is read: no warning');
      const stored = await api.get('/v0/address-book/r1?include_left_out=1');
      assert.deepEqual(
        stored.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]),
        [
          [1, 'nothing_to_invite'],
          [2, 'no_reply'],
        ],
      );
    });

    it('a CSV row that cannot be read is counted, left out and named in meta.warnings; a file of nothing else is a 400 saying why', async () => {
      // Each extra delimiter could be in either text cell: which one is not known.
      const file = 'Name,Company,Email\nLee, Ann,Acme,ann@example.com\nBo Chen,,bo@example.net\nNg, Eve,Initech,eve@example.com\n';
      const r = await send('/v0/address-book-file?user_id=r2&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(namesOf(r), ['Bo Chen']);
      assert.equal(r.body.meta.cleaning.entries_read, 3);
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 0, reason: 'nothing_to_invite' },
        { index: 2, reason: 'nothing_to_invite' },
      ]);
      assert.equal(r.body.meta.warnings.length, 1, JSON.stringify(r.body.meta.warnings));
      const [w] = r.body.meta.warnings;
      assert.equal(w.field, 'body');
      assert.equal(w.count, 2);
      assert.deepEqual(w.indexes, [0, 2]);
      assert.match(w.message, /^CSV rows not read \(more cells than the header has columns/);
      assert.doesNotMatch(JSON.stringify(r.body.meta.warnings), /Lee|Ann|Eve|example\.com/);
      const bad = await send('/v0/address-book-file?user_id=r3', 'Name,Company,Email\nLee, Ann,Acme,ann@example.com\n');
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.details[0].field, 'body');
      assert.match(bad.body.details[0].message, /^holds no contact that could be read \(rows not read: more cells than the header has columns/);
      assert.equal((await api.get('/v0/address-book/r3')).status, 404);
    });

    it('a CSV row split by a delimiter in its name is read by joining the name back, and named in meta.warnings', async () => {
      const r = await send(
        '/v0/address-book-file?user_id=r-joined&include_left_out=1',
        'Name,Email,Phone\nLee, Ann,ann@example.com,+1 415 555 0101\nBo Chen,bo@example.net,\n',
      );
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(namesOf(r).sort(), ['Bo Chen', 'Lee, Ann']);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      assert.equal(r.body.meta.warnings.length, 1, JSON.stringify(r.body.meta.warnings));
      const [w] = r.body.meta.warnings;
      assert.deepEqual([w.field, w.count, w.indexes], ['body', 1, [0]]);
      assert.match(w.message, /^CSV rows with more cells than the header has columns/);
      assert.doesNotMatch(JSON.stringify(r.body.meta.warnings), /Lee|Ann|example\.com/);
      const g = await api.get('/v0/address-book/r-joined');
      assert.deepEqual(g.body.data.map((row: any) => row.name).sort(), ['Bo Chen', 'Lee, Ann']);
    });

    it('a CSV naming no contact column is a 400 naming body and the columns expected, quoting no cell (answer and logs)', async () => {
      const r = await send('/v0/address-book-file?user_id=r4', 'order,amount,customer\n1001,12.50,Secret Person <secret@example.com>\n');
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.details[0].field, 'body');
      assert.match(
        r.body.details[0].message,
        /^is a CSV without a header row naming contact columns: expected columns such as "Name" \(or "First Name" and "Last Name"\), "E-mail" and "Phone"/,
      );
      assert.match(r.body.error, /Google Contacts, Outlook, Thunderbird and LinkedIn exports are read/);
      assert.doesNotMatch(r.text, /Secret|secret@|1001/);
      assert.ok(!api.logs.some((l) => /Secret Person|secret@example/.test(l)), 'no cell in the logs');
      const unclosed = await send('/v0/address-book-file?user_id=r4', 'Name,Email\n"Secret Person,secret@example.com\n');
      assert.equal(unclosed.status, 400, unclosed.text);
      assert.equal(unclosed.body.details[0].message, 'is not a readable CSV file: a quoted cell is never closed (line 2)');
      assert.equal((await api.get('/v0/address-book/r4')).status, 404);
    });

    it('a browser form upload (multipart/form-data, one file part) is read as the file itself, bytes and all', async () => {
      const form = new FormData();
      form.append('note', 'an unknown text field is ignored, and named');
      form.append('file', new Blob([Buffer.from('Name;E-mail\r\nJürgen Müller;juergen@example.com\r\n', 'latin1')], { type: 'text/csv' }), 'contacts.csv');
      const r = await post('/v0/address-book-file?user_id=m1&include_left_out=1', form);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(byEmail(r), { 'juergen@example.com': 'Jürgen Müller' });
      assert.deepEqual(r.body.meta.warnings, [{ field: 'note', message: 'unknown form field, ignored', count: 1 }]);
      const vcard = new FormData();
      vcard.append('file', new Blob([VCF], { type: 'text/vcard' }), 'contacts.vcf');
      const v = await post('/v0/address-book-file?user_id=m2', vcard);
      assert.equal(v.status, 200, JSON.stringify(v.body));
      assert.ok(v.body.data.length > 0);
    });

    it("a form's fields are the query's options (the query wins): the user, the region, limit; a misspelt one is named", async () => {
      const form = new FormData();
      form.append('user_id', 'fm3');
      form.append('region', 'GB');
      form.append('limit', '1');
      form.append('regoin', 'GB');
      form.append('file', new Blob(['Name,Phone\r\nOliver Hughes,07911 123456\r\nAmelia Clark,07911 123457\r\n'], { type: 'text/csv' }), 'contacts.csv');
      const r = await post('/v0/address-book-file', form);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.data.length, 1, 'limit from the form');
      assert.match(r.body.data[0].phones[0], /^\+44791112345[67]$/, 'region from the form');
      assert.equal(r.body.meta.user_id, 'fm3');
      assert.deepEqual(r.body.meta.warnings, [
        { field: 'regoin', message: 'unknown form field, ignored; did you mean "region"?', count: 1, did_you_mean: 'region' },
      ]);
      // The query wins over the form.
      const q = await post('/v0/address-book-file?user_id=fm4', form);
      assert.equal(q.status, 200, JSON.stringify(q.body));
      assert.equal(q.body.meta.user_id, 'fm4');
      assert.equal((await api.get('/v0/address-book/fm4')).status, 200);
      // A wrong value in the form is a 400 naming it, as in the query; nothing stored.
      const bad = new FormData();
      bad.append('user_id', 'fm5');
      bad.append('limit', '-2');
      bad.append('file', new Blob(['Name,Email\r\nAnn,ann@example.com\r\n'], { type: 'text/csv' }), 'c.csv');
      const b = await post('/v0/address-book-file', bad);
      assert.equal(b.status, 400, JSON.stringify(b.body));
      assert.equal(b.body.details[0].field, 'limit');
      assert.equal((await api.get('/v0/address-book/fm5')).status, 404);
    });

    // The file-upload probe: what the readers made of real exports.
    /** Each row's name, e-mails and phones, by name. */
    const rowsOf = (r: { body: { data: { name: string | null; emails: string[]; phones: string[] }[] } }) =>
      r.body.data.map((c) => [c.name, c.emails, c.phones]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

    it("a CSV e-mail cell holding a pasted recipient line reads as the JSON endpoint reads it: two people, the person's own row kept", async () => {
      const file = 'Name,Email\r\nBook club,"Doe, Jane <jane.doe@corp.example>; Roe, Rick <rick.roe@corp.example>"\r\nJane Doe,jane.doe@corp.example\r\n';
      const r = await send('/v0/address-book-file?user_id=p1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(rowsOf(r), [
        ['Jane Doe', ['jane.doe@corp.example'], []],
        ['Roe, Rick', ['rick.roe@corp.example'], []],
      ]);
      // must not change: a plain list of one person's addresses stays one row.
      const plain = await send('/v0/address-book-file?user_id=p1b', 'Name,Email\r\nKai Roth,"kai@example.com; kai.roth@example.org"\r\n');
      assert.deepEqual(rowsOf(plain), [['Kai Roth', ['kai@example.com', 'kai.roth@example.org'], []]]);
    });

    it('phone columns named "Contact Number", "Tlf.", "Телефон" are read: phone-only people are kept; a "Sr No" is no phone', async () => {
      const file =
        'Sr No,Name,Contact Number,Email ID,City\r\n1,Rajesh Kumar,+91 98450 12345,rajesh.kumar@gmail.com,Bengaluru\r\n2,Sunita Rao,+91 99001 23456,,Mysuru\r\n';
      const r = await send('/v0/address-book-file?user_id=p2&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(rowsOf(r), [
        ['Rajesh Kumar', ['rajesh.kumar@gmail.com'], ['+919845012345']],
        ['Sunita Rao', [], ['+919900123456']],
      ]);
      assert.equal(r.body.meta.cleaning.left_out, 0);
      const dk = await send('/v0/address-book-file?user_id=p2b', 'Navn;Tlf.;E-mail\r\nLars Jensen;+45 20 12 34 56;\r\n');
      assert.deepEqual(rowsOf(dk), [['Lars Jensen', [], ['+4520123456']]]);
      const ru = await send('/v0/address-book-file?user_id=p2c', 'ФИО;Телефон;E-mail\r\nИванов Иван Иванович;+7 916 123-45-67;ivanov@mail.ru\r\n');
      assert.deepEqual(rowsOf(ru), [['Иванов Иван Иванович', ['ivanov@mail.ru'], ['+79161234567']]]);
    });

    it("an iPhone card shown as its company is named by N, so it and the person's own card on the same mobile are one row", async () => {
      const file =
        card('VERSION:3.0', 'N:Okafor;Chidi;;;', 'FN:Okafor Landscaping', 'ORG:Okafor Landscaping;', 'X-ABShowAs:COMPANY', 'TEL;type=CELL:+1 (415) 555-0111') +
        card('VERSION:3.0', 'N:Okafor;Chidi;;;', 'FN:Chidi Okafor', 'EMAIL;type=INTERNET:chidi.okafor@gmail.com', 'TEL;type=CELL:+14155550111');
      const r = await send('/v0/address-book-file?user_id=p3', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(rowsOf(r), [['Chidi Okafor', ['chidi.okafor@gmail.com'], ['+14155550111']]]);
      assert.equal(r.body.meta.cleaning.merged, 1);
    });

    it("Excel for Mac's CSV (Mac Roman, CR line ends) is read as Mac Roman: the names come back right", async () => {
      const mac = Buffer.from('First Name,Last Name,Email\rJ\x9Frgen,M\x9Fller,jm@example.de\rFran\x8Dois,Lef\x8Fvre,fl@example.fr\r', 'latin1');
      const r = await post('/v0/address-book-file?user_id=p4', mac, 'text/csv');
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(byEmail(r), { 'jm@example.de': 'Jürgen Müller', 'fl@example.fr': 'François Lefèvre' });
    });

    it('a CSV e-mail cell without "@" on a favourite row keeps the row, marked unusable as invalid; "WAHR" under "Favorit" is a favourite', async () => {
      const r = await send(
        '/v0/address-book-file?user_id=p5&include_left_out=1',
        'Name;E-Mail;Favorit\r\nOpa Heinz;opa heinz at web.de;WAHR\r\nTante Erna;n/a;FALSCH\r\n',
      );
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((c: { name: string; unusable?: { reason: string; emails: string[] } }) => [c.name, c.unusable]),
        [['Opa Heinz', { reason: 'invalid', emails: ['opa heinz at web.de'] }]],
      );
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 1, reason: 'nothing_to_invite' }]);
    });

    // The review of the probe's fixes (F2, F6, F7, F8).
    it('a "show as company" card whose N is only the family name stays the business: not fused into a family member on its line', async () => {
      const file =
        card(
          'VERSION:3.0',
          'N:Okafor;;;;',
          'FN:Okafor Landscaping',
          'ORG:Okafor Landscaping;',
          'TEL;type=WORK:+1 312 555 0100',
          'EMAIL:office@okaforlandscaping.example',
          'X-ABShowAs:COMPANY',
        ) + card('VERSION:3.0', 'N:Okafor;Ngozi;;;', 'FN:Ngozi Okafor', 'TEL;type=CELL:+1 312 555 0111', 'TEL;type=WORK:+1 312 555 0100');
      const r = await send('/v0/address-book-file?user_id=rv2', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(rowsOf(r), [
        ['Ngozi Okafor', [], ['+13125550111', '+13125550100']],
        ['Okafor Landscaping', ['office@okaforlandscaping.example'], ['+13125550100']],
      ]);
    });

    it("the vCard probe: a CJK name from N is family name first, a company's own card has no name, a KIND:group card's members are people", async () => {
      const file =
        card('VERSION:3.0', 'N:김;민준;;;', 'TEL;type=CELL:+82 10-1234-5678') +
        card('VERSION:3.0', 'N:;;;;', 'FN:Acme Plumbing', 'ORG:Acme Plumbing;', 'TEL;type=WORK;type=VOICE;type=pref:+1 (503) 555-0123', 'X-ABShowAs:COMPANY') +
        card('VERSION:3.0', 'N:;;;;', 'FN:Ann Lee', 'ORG:Acme;', 'EMAIL:ann.lee@acme.example') +
        card('VERSION:4.0', 'KIND:group', 'FN:Book Club', 'MEMBER:mailto:anna.book@example.com', 'MEMBER:mailto:bert.book@example.com') +
        card('VERSION:3.0', 'N:Lee;Bo;;;', 'FN:Bo Lee', 'EMAIL:bo.lee@example.com');
      const r = await send('/v0/address-book-file?user_id=vp1&include_left_out=1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as { name: string | null; emails: string[]; phones: string[] }[];
      const by = (key: string) => rows.find((c) => c.emails.includes(key) || c.phones.includes(key))?.name;
      assert.equal(by('+821012345678'), '김 민준');
      assert.equal(by('+15035550123'), null);
      assert.equal(by('ann.lee@acme.example'), 'Ann Lee');
      assert.equal(by('bo.lee@example.com'), 'Bo Lee');
      assert.equal(by('anna.book@example.com'), null);
      assert.equal(by('bert.book@example.com'), null);
      assert.equal(rows.length, 6);
      assert.ok(!rows.some((c) => c.name === 'Book Club' || c.name === 'Acme Plumbing'), r.text);
      // Five cards and the group's two members: the group card is left out at its own index; the members follow the cards.
      const c = r.body.meta.cleaning;
      assert.equal(c.entries_read, 7);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 3, reason: 'nothing_to_invite' }]);
      assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
      const group = r.body.meta.warnings.find((w: { message: string }) => /KIND:group/.test(w.message));
      assert.deepEqual(group?.indexes, [3], r.text);
      // A company's own card does not pass filter_blank_names; a person's does.
      const blank = await send('/v0/address-book-file?user_id=vp2&filter_blank_names=1', file, 'text/vcard');
      assert.equal(blank.status, 200, blank.text);
      assert.deepEqual(blank.body.data.map((c: { name: string }) => c.name).sort(), ['Ann Lee', 'Bo Lee', '김 민준']);
    });

    it('a "Number" column of member numbers makes no phones; "Customer Name" beside "Contact Person" is the company', async () => {
      const ids = await send('/v0/address-book-file?user_id=rv6', 'Name,Number,Email\r\nJane Doe,1002345,jane@x.example\r\nBob Roe,1002346,bob@y.example\r\n');
      assert.equal(ids.status, 200, ids.text);
      assert.deepEqual(rowsOf(ids), [
        ['Bob Roe', ['bob@y.example'], []],
        ['Jane Doe', ['jane@x.example'], []],
      ]);
      const b2b = await send(
        '/v0/address-book-file?user_id=rv7',
        'Customer Name,Contact Person,Email,Phone\r\nAcme Ltd,Jane Doe,jane@acme.example,+44 20 7946 0018\r\nAcme Ltd,Bob Roe,bob@acme.example,+44 20 7946 0018\r\n',
      );
      assert.equal(b2b.status, 200, b2b.text);
      assert.deepEqual(
        rowsOf(b2b).map((row) => row[0]),
        ['Bob Roe', 'Jane Doe'],
      );
      assert.deepEqual(await companiesOf('rv7'), ['Acme Ltd', 'Acme Ltd']);
    });

    it('a file of UTF-8 lines and windows-1252 lines keeps the windows-1252 lines windows-1252: one row for Jörg, not a garbled second', async () => {
      const json = await api.post('/v0/address-book', {
        user_id: 'rv8',
        source: { type: 'android' },
        entries: [{ name: 'Jörg Schröder', phones: ['+49 170 2223334'] }],
      });
      assert.equal(json.status, 200, JSON.stringify(json.body));
      const bytes = Buffer.concat([
        Buffer.from('Name,Email,Phone\nŁukasz Nowak,lukasz@x.example,+48 601 234 567\n', 'utf8'),
        Buffer.from('J\xf6rg Schr\xf6der,,+49 170 2223334\nBj\xf6rn K\xf6hler,bjoern@y.example,\n', 'latin1'),
      ]);
      const r = await post('/v0/address-book-file?user_id=rv8', bytes, 'text/csv');
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.data.map((c: { name: string }) => c.name).sort(), ['Björn Köhler', 'Jörg Schröder', 'Łukasz Nowak']);
    });

    it('a zip (an .xlsx is one) or an HTML page is a 400 naming body that says what it is; a header-only CSV holds no contact; nothing stored (probe)', async () => {
      for (const [name, type, why] of [
        ['fake.xlsx', 'application/octet-stream', /^is an archive or a spreadsheet \(\.xlsx\), not a contacts file: export the contacts as CSV or vCard$/],
        ['fake.xlsx', 'text/vcard', /^is an archive or a spreadsheet \(\.xlsx\)/],
        ['html_instead_of_csv.csv', 'text/csv', /^is an HTML page, not a contacts file .*export the contacts as CSV or vCard$/],
        ['header_only.csv', 'text/csv', /^holds no contact that could be read$/],
        ['vcard_nothing.vcf', 'text/vcard', /^holds no contact that could be read$/],
      ] as const) {
        const r = await post('/v0/address-book-file?user_id=nf1', readFileSync(`${FIXTURES}${name}`), type);
        assert.equal(r.status, 400, `${name}: ${JSON.stringify(r.body)}`);
        assert.equal(r.body.details[0].field, 'body');
        assert.match(r.body.details[0].message, why, name);
      }
      const vcf = await post('/v0/address-book-file?user_id=nf1&format=vcard', readFileSync(`${FIXTURES}fake.xlsx`), 'text/plain');
      assert.match(vcf.body.details[0].message, /^is an archive or a spreadsheet/);
      assert.equal((await api.get('/v0/address-book/nf1')).status, 404);
    });

    it('a windows-1250 CSV whose header names a column only in windows-1250 (Czech "Příjmení") is read in windows-1250 and meta.warnings says so; a declared charset wins (probe)', async () => {
      const bytes = readFileSync(`${FIXTURES}czech_1250.csv`);
      const r = await post('/v0/address-book-file?user_id=cz1&region=CZ', bytes, 'text/csv');
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual(r.body.data.map((c: { name: string }) => c.name).sort(), ['Řehoř Dvořák', 'Šárka Nováková']);
      assert.equal(r.body.meta.warnings.length, 1, JSON.stringify(r.body.meta.warnings));
      const [w] = r.body.meta.warnings;
      assert.equal(w.field, 'body');
      assert.match(
        w.message,
        /^the file is not UTF-8: read as windows-1250 \(Central European\), in which its header's column "Příjmení" is a contact column \(in windows-1252 it is not\)/,
      );
      // A declared charset wins: read as windows-1252 (the family-name column is then no column it reads).
      const declared = await post('/v0/address-book-file?user_id=cz2&region=CZ', bytes, 'text/csv; charset=windows-1252');
      assert.equal(declared.status, 200, JSON.stringify(declared.body));
      assert.deepEqual(declared.body.data.map((c: { name: string }) => c.name).sort(), ['Øehoø', 'Šárka']);
      assert.equal(declared.body.meta.warnings, undefined);
    });

    it("Outlook.com's CSV: the company's own card with only its Company Main Phone is kept, a nickname-only row is named by it (probe)", async () => {
      const file =
        'First Name,Last Name,Nickname,E-mail Address,Business Phone,Mobile Phone,Company Main Phone,Company,Web Page\r\n' +
        ',,,,,,+1 425 555 0100,Northwind Traders,northwind.example\r\n' +
        'Nancy,Davolio,,nancy@northwind.example,+1 425 555 0101,,+1 425 555 0100,Northwind Traders,\r\n' +
        ',,Ace,,,+1 703 555 0123,,,\r\n';
      const r = await send('/v0/address-book-file?user_id=oc1&include_left_out=1', file);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      const phones = Object.fromEntries(r.body.data.map((c: { name: string | null; phones: string[] }) => [c.name ?? '(none)', c.phones]));
      assert.deepEqual(phones, { '(none)': ['+14255550100'], 'Nancy Davolio': ['+14255550101'], Ace: ['+17035550123'] });
    });

    it('a vCard 2.1 quoted-printable value ending in a stray "=" does not swallow the next property; meta.warnings names the card (probe)', async () => {
      const file = card('VERSION:2.1', 'N;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Bro=ZZken;QP=', 'FN:Quinn Broken', 'TEL;CELL:+1 415 555 0131');
      const r = await send('/v0/address-book-file?user_id=qp1', file, 'text/vcard');
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((c: { name: string }) => c.name),
        ['Quinn Broken'],
      );
      assert.equal(r.body.meta.warnings.length, 1, JSON.stringify(r.body.meta.warnings));
      assert.deepEqual([r.body.meta.warnings[0].field, r.body.meta.warnings[0].indexes], ['body', [0]]);
      assert.match(r.body.meta.warnings[0].message, /^vCards with a quoted-printable value ending in a stray "="/);
    });

    it('a form upload with no file part, two, or a broken body is a 400 naming body that says to send the bytes; nothing stored', async () => {
      const none = new FormData();
      none.append('file', 'Name,Email\nAnn,ann@example.com\n'); // a text field, not a file
      const two = new FormData();
      two.append('a', new Blob([CSV], { type: 'text/csv' }), 'a.csv');
      two.append('b', new Blob([CSV], { type: 'text/csv' }), 'b.csv');
      for (const [body, type, why] of [
        [none, undefined, /not 0/],
        [two, undefined, /not 2/],
        ['--x\r\nnot a part', 'multipart/form-data; boundary=x', /is not readable multipart\/form-data/],
      ] as const) {
        const r = await post('/v0/address-book-file?user_id=m3', body, type);
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.details[0].field, 'body');
        assert.match(r.body.details[0].message, why);
        assert.match(r.body.details[0].message, /send the file's bytes as the body/);
      }
      assert.equal((await api.get('/v0/address-book/m3')).status, 404);
    });
  });
}
