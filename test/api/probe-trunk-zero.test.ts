/**
 * A probe of national numbers written with a trunk 0, through real HTTP on each engine: `020 7946 0958`
 * (a London friend, written to 4 times) was folded into `+1 207 946 0958` (a Maine contact) in a US book,
 * and its number hidden; Hungary's `06 20 555 0147` into `+1 620 555 0147`. North America's trunk prefix
 * is 1, never 0 (merge/links.ts nationalAliases, phone.ts isTrunkZero). With no region, `(207) 946-0958`
 * and `020 7946 0958` had one key, and two people named Ann Lee with different addresses were one row.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

for (const engine of ENGINES) {
  describe(`probe of national numbers with a trunk 0 beside +1 numbers on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a US book: the London and Budapest numbers are rows of their own; the +44 form of the London number still joins it', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 't0',
        source: { type: 'ios', phone: '+14155550100' },
        entries: [
          { name: 'Ann Lee', email: 'ann@maine.example', phone: '+1 207 946 0958' },
          { phone: '020 7946 0958', times_contacted: 4 },
          { name: 'Bo Chen', phone: '+1 620 555 0147' },
          { phone: '06 20 555 0147', times_contacted: 3 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]);
      assert.equal(r.body.data.length, 4, JSON.stringify(rows));
      assert.equal(r.body.meta.cleaning.merged, 0);
      // The numbers written to most lead the list, shown as written.
      assert.deepEqual(rows.slice(0, 2), [
        [null, ['020 7946 0958']],
        [null, ['06 20 555 0147']],
      ]);
      assert.deepEqual(r.body.data.find((d: any) => d.name === 'Ann Lee').phones, ['+12079460958']);
      assert.deepEqual(r.body.data.find((d: any) => d.name === 'Bo Chen').phones, ['+16205550147']);
      const r2 = await api.post('/v0/address-book', {
        user_id: 't1',
        source: { type: 'ios', phone: '+14155550100' },
        entries: [
          { name: 'Ann Lee', email: 'ann@maine.example', phone: '+1 207 946 0958' },
          { name: 'Tom Hart', phone: '020 7946 0958', times_contacted: 4 },
          { name: 'Tom Hart', email: 'tom@london.example', phone: '+44 20 7946 0958' },
        ],
      });
      assert.equal(r2.status, 200, r2.text);
      assert.deepEqual(r2.body.data.map((d: any) => [d.name, d.phones]).sort(), [
        ['Ann Lee', ['+12079460958']],
        ['Tom Hart', ['+442079460958']],
      ]);
    });

    it('a book with no region: "(207) 946-0958" and "020 7946 0958" are two numbers', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 't2',
        source: { type: 'gmail', email: 'owner@example.com' },
        entries: [
          { name: 'Ann Lee', email: 'ann@maine.example', phone: '(207) 946-0958' },
          { name: 'Ann Lee', email: 'ann.lee@london.example', phone: '020 7946 0958' },
          { phone: '020 7946 0958', times_contacted: 4 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: any) => [d.name, d.emails, d.phones]).sort(), [
        ['Ann Lee', ['ann.lee@london.example'], ['020 7946 0958']],
        ['Ann Lee', ['ann@maine.example'], ['(207) 946-0958']],
      ]);
    });
  });
}
