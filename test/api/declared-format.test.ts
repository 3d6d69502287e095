/**
 * A declared format the body plainly contradicts (a probe), on each engine: a vCard uploaded with
 * `?format=csv` was read as a CSV and answered 200, storing one nameless contact holding a pager number
 * (`TEL;TYPE=PAGER:…` read as a row) and losing the whole book; a CSV uploaded with `?format=vcard` was
 * a 400 naming `body`, "holds no contact that could be read", which did not say the format was wrong.
 * Both are now a 400 naming `format` that says what the body is, with nothing stored and a stored book
 * untouched (readers/contacts-file.ts, contradictedFormat). A genuine CSV whose first cell holds text is
 * still read as the CSV it is.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const VCF = [
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ann Lee',
  'EMAIL:ann@example.com',
  'TEL;TYPE=PAGER:+1 415 555 0199',
  'END:VCARD',
  'BEGIN:VCARD',
  'VERSION:3.0',
  'FN:Ben Ray',
  'TEL;TYPE=CELL:+1 415 555 0123',
  'END:VCARD',
  '',
].join('\r\n');
const CSV = 'Name,Email,Phone\r\nCat Dow,cat@example.com,+1 415 555 0144\r\nDan Fox,dan@example.com,\r\n';

const VCARD_AS_CSV = 'is csv, but the body is a vCard (it begins BEGIN:VCARD), not a CSV: send format=vcard or leave format out';
const CSV_AS_VCARD =
  'is vcard, but the body is a CSV (its first line is a header naming contact columns, and it holds no BEGIN:VCARD), not a vCard: send format=csv or leave format out';

type Row = { name: string | null; emails: string[]; phones: string[] };

for (const engine of ENGINES) {
  describe(`a declared file format the body contradicts on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    const send = (path: string, raw: string | Buffer, type: string) => api.request('POST', path, { raw, headers: { 'content-type': type } });
    /** The user's stored rows, sorted by name, or null when nothing is stored (404). */
    const stored = async (user: string): Promise<Row[] | null> => {
      const g = await api.get(`/v0/address-book/${user}`);
      if (g.status === 404) return null;
      assert.equal(g.status, 200, g.text);
      return (g.body.data as Row[]).slice().sort((a, b) => String(a.name).localeCompare(String(b.name)));
    };
    const assertFormat400 = (r: Awaited<ReturnType<typeof send>>, message: string) => {
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.code, 'invalid_request', r.text);
      assert.deepEqual(r.body.details, [{ field: 'format', message }]);
      assert.equal(r.body.error, `Invalid request: format ${message}.`);
      // No error quotes a contact (the error and its details; meta's request id is random hex).
      assert.doesNotMatch(JSON.stringify([r.body.error, r.body.details]), /Ann|Ben|Cat|example\.com|555/);
    };

    it('a vCard sent as format=csv (or tsv, with a BOM, as a form upload) is a 400 naming format; nothing stored', async () => {
      const user = 'df-vcard-as-csv';
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=csv`, VCF, 'text/csv'), VCARD_AS_CSV);
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=CSV`, `\uFEFF\r\n${VCF}`, 'text/plain'), VCARD_AS_CSV);
      const tsv = await send(`/v0/address-book-file?user_id=${user}&format=tsv`, VCF, 'text/vcard');
      assertFormat400(tsv, VCARD_AS_CSV.replace('is csv', 'is tsv'));
      const boundary = 'kith-declared-format';
      const form = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.vcf"\r\nContent-Type: text/vcard\r\n\r\n${VCF}\r\n--${boundary}--\r\n`;
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=csv`, form, `multipart/form-data; boundary=${boundary}`), VCARD_AS_CSV);
      assert.equal(await stored(user), null);
    });

    it('a CSV sent as format=vcard (or vcf) is a 400 naming format, not "holds no contact"; nothing stored', async () => {
      const user = 'df-csv-as-vcard';
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=vcard`, CSV, 'text/vcard'), CSV_AS_VCARD);
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=vcf`, CSV, 'text/csv'), CSV_AS_VCARD.replace('is vcard', 'is vcf'));
      assert.equal(await stored(user), null);
    });

    it('a stored book is untouched by such a 400', async () => {
      const user = 'df-stored';
      const first = await send(`/v0/address-book-file?user_id=${user}`, VCF, 'text/vcard');
      assert.equal(first.status, 200, first.text);
      const before = await stored(user);
      assert.deepEqual(
        before?.map((r) => r.name),
        ['Ann Lee', 'Ben Ray'],
      );
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=csv`, VCF, 'text/csv'), VCARD_AS_CSV);
      assertFormat400(await send(`/v0/address-book-file?user_id=${user}&format=vcard`, CSV, 'text/csv'), CSV_AS_VCARD);
      assert.deepEqual(await stored(user), before);
    });

    it('every wrong field is still named in one 400 (format beside user_id and limit)', async () => {
      const r = await send('/v0/address-book-file?format=csv&limit=abc', VCF, 'text/csv');
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(
        r.body.details.map((d: { field: string }) => d.field),
        ['user_id', 'format', 'limit'],
      );
    });

    it('must keep: the same files with their own format, or none, are read; a CSV whose first cell holds text is a CSV', async () => {
      const vcard = await send('/v0/address-book-file?user_id=df-keep-vcard&format=vcard', VCF, 'text/vcard');
      assert.equal(vcard.status, 200, vcard.text);
      const csv = await send('/v0/address-book-file?user_id=df-keep-csv&format=csv', CSV, 'text/csv');
      assert.equal(csv.status, 200, csv.text);
      assert.deepEqual(
        (await stored('df-keep-csv'))?.map((r) => r.name),
        ['Cat Dow', 'Dan Fox'],
      );
      const texty = await send(
        '/v0/address-book-file?user_id=df-keep-texty&format=csv',
        'BEGIN:VCARD notes,Name,Email\r\nx,Eve Hill,eve@example.com\r\n',
        'text/csv',
      );
      assert.equal(texty.status, 200, texty.text);
      assert.deepEqual(
        (await stored('df-keep-texty'))?.map((r) => r.name),
        ['Eve Hill'],
      );
    });

    it("the playground's parser refuses the same way", async () => {
      const r = await send('/playground/parse?format=csv', VCF, 'text/vcard');
      assertFormat400(r, VCARD_AS_CSV);
      const ok = await send('/playground/parse?format=vcard', VCF, 'text/vcard');
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.entries.length, 2);
    });
  });
}
