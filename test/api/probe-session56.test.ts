/**
 * HTTP probes of the fifty-sixth session, on each engine, on a server with no default country:
 * - an upload that names no country (no owner's phone, no `source.region`) kept its national numbers as
 *   written, matching less (docs/api.md, "A number stored without its country"), and said nothing. Now
 *   `meta.warnings` names them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

for (const engine of ENGINES) {
  describe(`probe of the fifty-sixth session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('an upload that names no country says which of its numbers are kept as written (it was silent)', async () => {
      const entries = [
        { name: 'Oliver Hughes', phone: '07911 123456' },
        { name: 'Ann Lee', phone: '+1 415 555 0123' },
        { name: 'Bo', phones: ['+1 415 555 0100', '(415) 555-0199'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'nc1', source: { type: 'android' }, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((x: { name: string; phones: string[] }) => [x.name, x.phones]).sort(), [
        ['Ann Lee', ['+14155550123']],
        ['Bo', ['+14155550100', '(415) 555-0199']],
        ['Oliver Hughes', ['07911 123456']],
      ]);
      const w = r.body.meta.warnings.filter((x: { field: string }) => x.field === 'entries[].phones');
      assert.equal(w.length, 1, JSON.stringify(r.body.meta.warnings));
      assert.equal(w[0].count, 2);
      assert.deepEqual(w[0].indexes, [0, 2]);
      assert.match(w[0].message, /^a number written without its country, in an upload that names none/);
      // With the country named, nothing to say.
      const gb = await api.post('/v0/address-book', { user_id: 'nc2', source: { type: 'android', region: 'GB' }, entries: entries.slice(0, 1) });
      assert.equal(gb.status, 200, gb.text);
      assert.deepEqual(gb.body.data[0].phones, ['+447911123456']);
      assert.equal(gb.body.meta.warnings, undefined, JSON.stringify(gb.body.meta.warnings));
    });
  });
}
