/**
 * HTTP probes of the fifty-ninth session, on each engine:
 * - a Buenos Aires mobile saved as dialled within the city (`15-4123-4567`) in an Argentine book was a row
 *   of its own beside the same friend's `+54 9 11 4123-4567` card.
 * - a JSON document sent to the file route (a Telegram export's result.json) was "no contact that could be
 *   read": true, but not what was wrong.
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
  });
}
