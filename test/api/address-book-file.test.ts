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
  });
}
