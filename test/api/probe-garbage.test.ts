/**
 * What a black-box probe of the HTTP API found, fixed, on each engine and through real HTTP:
 * - a placeholder name a phone writes in another language or in brackets (`(No name)`, `Kein Name`,
 *   `Неизвестный`, `Contact`) names nobody: the card merges by its number with the named card, which
 *   shows the real name (it was a second row on the same number);
 * - a phone a spreadsheet saved as a float (`4155550811.0`), or in scientific notation that carries every
 *   digit (`4.47700900813e11`), is its number; one whose digits were cut is still no number, with the warning;
 * - a nameless card written to whose only string names no one (`MAILER-DAEMON`, `@gmail.com`) was a row
 *   ranked above real people: left out as `invalid`; an address at `localhost.localdomain` was invitable:
 *   it is no address, kept unusable on a named card the owner wrote to, left out otherwise.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const SOURCE = { type: 'ios', phone: '+49 151 99999999' };

/** read (+ the people lists of several people gave) = contacts + merged + left out. */
function assertAddsUp(c: Record<string, any>) {
  assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
}

for (const engine of ENGINES) {
  describe(`probe of placeholder names and garbage entries on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a placeholder name in brackets or another language merges by number with the named card, which shows the real name', async () => {
      const entries = [
        { name: '(No name)', phones: ['+49 151 12345678'], times_contacted: 3 },
        { name: 'Anna Schmidt', phones: ['0151 12345678'], email: 'anna@schmidt.example', times_contacted: 2 },
        { name: 'Неизвестный', phones: ['+49 151 22223333'], times_contacted: 1 },
        { name: 'Boris Petrow', phones: ['0151 22223333'] },
        // Must keep apart: two real people on one number.
        { name: 'Karl Kontakt', phones: ['+49 151 44445555'] },
        { name: 'Lena Meyer', phones: ['0151 44445555'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'placeholders', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]);
      const byPhone = (p: string) =>
        r.body.data
          .filter((d: any) => d.phones.includes(p))
          .map((d: any) => d.name)
          .sort();
      assert.deepEqual(byPhone('+4915112345678'), ['Anna Schmidt'], JSON.stringify(rows));
      assert.deepEqual(byPhone('+4915122223333'), ['Boris Petrow'], JSON.stringify(rows));
      assert.deepEqual(byPhone('+4915144445555'), ['Karl Kontakt', 'Lena Meyer'], JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [6, 4, 2, 0]);
    });

    it('a phone saved as a spreadsheet float is its number; scientific notation is read only when no digit was lost', async () => {
      const entries = [
        { name: 'Ann Lee', phones: ['4155550811.0'], times_contacted: 2 },
        { name: 'Ann Lee', phones: ['(415) 555-0811'], email: 'ann@lee.example' },
        { name: 'Bo Chen', phones: ['4.47700900813e11'] },
        { name: 'Cy Dee', phones: ['4.47911E+11'] },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'floats',
        source: { type: 'ios', phone: '+1 415 555 0100' },
        entries,
        include_left_out: 1,
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]).sort();
      assert.deepEqual(rows, [
        ['Ann Lee', ['+14155550811']],
        ['Bo Chen', ['447700900813']],
      ]);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 3, reason: 'nothing_to_invite' }]);
      const w = r.body.meta.warnings.filter((x: any) => x.field === 'entries[].phones');
      assert.deepEqual(
        w.map((x: any) => x.indexes),
        [[3]],
      );
    });

    it('a nameless card whose only string names no one is left out, counted; a named card written to is kept unusable', async () => {
      const entries = [
        { email: 'MAILER-DAEMON', times_contacted: 5 },
        { email: '@gmail.com', times_contacted: 4 },
        { email: 'root@localhost.localdomain', times_contacted: 2 },
        { name: 'Rita Root', email: 'rita@box.localdomain', times_contacted: 2 },
        { name: 'Lou Local', email: 'lou@box.localdomain' },
        { name: 'Bob Roe', email: 'MAILER-DAEMON', times_contacted: 1 },
        { name: 'Ann Lee', email: 'ann@lee.example', times_contacted: 1 },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'garbage',
        source: { type: 'gmail', email: 'owner@acme.example' },
        entries,
        include_left_out: 1,
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.email, d.unusable?.emails ?? null]);
      assert.deepEqual(
        rows.sort(),
        [
          ['Ann Lee', 'ann@lee.example', null],
          ['Bob Roe', null, ['MAILER-DAEMON']],
          ['Rita Root', null, ['rita@box.localdomain']],
        ],
        JSON.stringify(rows),
      );
      assert.deepEqual(r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]).sort(), [
        [0, 'invalid'],
        [1, 'invalid'],
        [2, 'invalid'],
        [4, 'invalid'],
      ]);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.left_out, c.left_out_by_reason], [7, 3, 4, { invalid: 4 }]);
      // GET reads the stored book the same way.
      const g = await api.get('/v0/address-book/garbage?include_left_out=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(g.body.data.map((d: any) => [d.name, d.email, d.unusable?.emails ?? null]).sort(), rows.sort());
    });
  });
}
