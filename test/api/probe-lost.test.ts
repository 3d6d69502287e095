/**
 * A probe of the thirty-sixth session sent real people in forms that were lost or garbled, through the
 * HTTP API: a person of a recipient list whose address no mail system takes vanished, and his name went to
 * the next person's address; a row kept on the owner's evidence carried `911` as its `phone`; a card of a
 * nickname alone was a row naming no one. Each is now kept, named and marked, on every engine.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const SOURCE = { type: 'gmail', email: 'owner@example.com' };

for (const engine of ENGINES) {
  describe(`people the probe found lost, on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a person of a list whose address is unusable is kept and marked; the others keep their own names; the summary adds up', async () => {
      const entries = [
        { emails: ['Rick Roe <rick@corp>', 'Jane Doe <jane@x.example>'], times_contacted: 7 },
        { email: 'Ann Lee <ann@x.example>, Bo Chen <bo@intranet>, Cy Diaz <cy@z.example>', times_contacted: 3 },
        { email: 'Eve Park <eve@p.example>; Dan Cole </o=ExchangeLabs/ou=Exchange Administrative Group/cn=Recipients/cn=dcole>', times_contacted: 2 },
        // Never written to: the person of the list with an unusable address is left out (the entry counts
        // with Fay, whom it also names: the summary counts entries).
        { email: 'Fay Wu <fay@w.example>, Gus Ito <gus at i dot example>' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'lists', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = new Map<string, any>(r.body.data.map((d: any) => [d.name, d]));
      assert.deepEqual(
        [...rows.keys()].sort(),
        ['Ann Lee', 'Bo Chen', 'Cy Diaz', 'Dan Cole', 'Eve Park', 'Fay Wu', 'Jane Doe', 'Rick Roe'],
        JSON.stringify(r.body.data),
      );
      assert.equal(rows.get('Jane Doe').email, 'jane@x.example');
      assert.equal(rows.get('Eve Park').email, 'eve@p.example');
      for (const name of ['Rick Roe', 'Bo Chen', 'Dan Cole']) {
        const d = rows.get(name);
        assert.equal(d.email, null, name);
        assert.equal(d.unusable.reason, 'invalid', name);
      }
      const c = r.body.meta.cleaning;
      assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
      const g = await api.get('/v0/address-book/lists');
      assert.deepEqual(g.body.data.map((d: any) => [d.name, d.email]).sort(), r.body.data.map((d: any) => [d.name, d.email]).sort());
    });

    it('a row kept with nothing to invite never offers a number none can call; a card of a nickname or a company alone is named by it', async () => {
      const entries = [
        { name: 'Vera Lind', phone: '911', times_contacted: 2 },
        { name: 'Olaf Berg', phones: ['#31#', '112'], is_favorite: true },
        { nickname: 'Nell', emails: ['nell@'], times_contacted: 1 },
        { company: 'Acme Bakery', phone: '*86', times_contacted: 1 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'uncallable', source: SOURCE, entries });
      assert.equal(r.status, 200, r.text);
      const rows = new Map<string, any>(r.body.data.map((d: any) => [d.name, d]));
      assert.deepEqual([...rows.keys()].sort(), ['Acme Bakery', 'Nell', 'Olaf Berg', 'Vera Lind'], JSON.stringify(r.body.data));
      for (const d of r.body.data) {
        assert.equal(d.phone, null, JSON.stringify(d));
        assert.deepEqual(d.phones, [], JSON.stringify(d));
        assert.equal(d.email, null, JSON.stringify(d));
        assert.ok(d.unusable, JSON.stringify(d));
      }
      assert.deepEqual(rows.get('Vera Lind').unusable.phones, ['911']);
      assert.deepEqual(rows.get('Olaf Berg').unusable.phones.sort(), ['#31#', '112']);
      assert.deepEqual(rows.get('Nell').unusable.emails, ['nell@']);
    });
  });
}
