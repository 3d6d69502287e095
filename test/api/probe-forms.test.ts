/**
 * A probe through the HTTP API found forms read inconsistently: the owner's phone in a form the entries'
 * reader reads (`tel:+44 …`, no '+') gave the book no region and no warning; one e-mail or phone object
 * with a null value refused the whole upload; `email` sent as a list kept its last value first; a vanity
 * number with an extension, a phone of letters only and a fractional `times_contacted` were each read
 * otherwise than their neighbours. Each is now read as the docs say, on every engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Warning = { field: string; message: string; count: number; indexes?: number[] };
const warningsOf = (body: any): Warning[] => body.meta?.warnings ?? [];

for (const engine of ENGINES) {
  describe(`forms the probe found misread, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("the owner's phone as a tel: URI, in a range the library calls invalid, or without '+' gives the book its region", async () => {
      for (const [i, phone] of ['tel:+44 7700 900000', 'tel:+447911123000', '447911123000', '+44 7700 900000'].entries()) {
        const r = await api.post('/v0/address-book', {
          user_id: `nm${i}`,
          source: { type: 'ios', phone },
          entries: [{ name: 'Pal', phone: '07911 123456' }],
        });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          r.body.data.map((d: any) => d.phone),
          ['+447911123456'],
          phone,
        );
        assert.deepEqual(
          warningsOf(r.body).filter((w) => w.field === 'source.phone'),
          [],
          phone,
        );
      }
    });

    it("an owner's phone that gives no region is said in meta.warnings, whatever its form", async () => {
      for (const [i, phone] of ['+1 555 123 4567', '07911 123456', 'tel:07911 123456'].entries()) {
        const r = await api.post('/v0/address-book', {
          user_id: `nr${i}`,
          source: { type: 'ios', phone },
          entries: [{ name: 'Pal', phone: '07911 123456' }],
        });
        assert.equal(r.status, 200, r.text);
        const w = warningsOf(r.body).filter((x) => x.field === 'source.phone');
        assert.equal(w.length, 1, `${phone}: ${JSON.stringify(r.body.meta)}`);
        assert.equal(w[0]!.count, 1);
        // Pal is kept, as written
        assert.deepEqual(
          r.body.data.map((d: any) => d.name),
          ['Pal'],
        );
      }
    });
  });
}
