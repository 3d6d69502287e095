/**
 * An HTTP probe of address books from Brazil, Spain, France, India and the US (the fifty-second session),
 * on each engine:
 * - an SMS gateway's address (`4155550123@vtext.com`) is also the number it texts: one row with the
 *   number's own card, the address kept as written;
 * - a son named after his father with a Portuguese, Spanish or French generation word (`João Pereira
 *   Filho`) was one row with his father on the family landline;
 * - a relation label in another language (`Mãe`, `Vovó`, `Pai`) on the person's own mailbox was a second
 *   row of her;
 * - the owner's own card in the owner's language (`Meu número`, `Mi celular`) was ranked among people.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };

for (const engine of ENGINES) {
  describe(`probe of the fifty-second session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it("an SMS gateway's address joins the card of the number it texts, and is kept as written", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-gateway',
        source: { type: 'android', phone: '+1 650 555 0100' },
        entries: [
          { name: 'Ann Lee', phone: '(415) 555-0123', times_contacted: 2 },
          { emails: ['4155550123@vtext.com'], times_contacted: 5 },
          { name: 'Ben Ray', emails: ['16505550100.14155550177.k3Jx9@txt.voice.google.com'], times_contacted: 1 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.cleaning.left_out, 0, JSON.stringify(r.body.meta.cleaning));
      const rows = r.body.data as Row[];
      assert.equal(rows.length, 2, r.text);
      const ann = rows.find((d) => d.name === 'Ann Lee')!;
      assert.deepEqual(ann.phones, ['+14155550123']);
      assert.deepEqual(ann.emails, ['4155550123@vtext.com']);
      const ben = rows.find((d) => d.name === 'Ben Ray')!;
      assert.deepEqual(ben.phones, ['+14155550177'], JSON.stringify(ben));
      const g = await api.get('/v0/address-book/s52-gateway');
      assert.equal(g.status, 200, g.text);
      assert.equal(g.body.data.length, 2, g.text);
    });

    it('a son with a generation word after his father’s name (Filho, hijo, fils) is his own row on the family landline', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-filho',
        source: { type: 'ios', phone: '+55 11 98888-0000' },
        explain: 1,
        entries: [
          { name: 'João Pereira', email: 'joao.pereira@gmail.com', phone: '(11) 3333-4444', times_contacted: 4 },
          { name: 'João Pereira Filho', email: 'jp.filho@gmail.com', phone: '+55 11 3333-4444', times_contacted: 3 },
          { name: 'Juan Pérez', email: 'juan.perez@gmail.com', times_contacted: 2 },
          { name: 'Juan Pérez hijo', email: 'juanito.perez@gmail.com' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain?: Record<string, number> })[];
      assert.deepEqual(rows.map((d) => `${d.name}: ${d.emails.join(' ')}`).sort(), [
        'João Pereira Filho: jp.filho@gmail.com',
        'João Pereira: joao.pereira@gmail.com',
        'Juan Pérez hijo: juanito.perez@gmail.com',
        'Juan Pérez: juan.perez@gmail.com',
      ]);
      // The son the owner never wrote to is no second row of his father's.
      for (const d of rows) {
        assert.ok(d.explain !== undefined, JSON.stringify(d));
        assert.equal(d.explain.possible_duplicate, undefined, JSON.stringify(d));
      }
    });

    it("a relation label in the owner's language on the person's own mailbox is that person's row", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-mae',
        source: { type: 'ios', phone: '+55 11 98888-0000' },
        entries: [
          { name: 'Mãe', email: 'ana.souza@gmail.com', phone: '+55 11 98888-1111', is_favorite: 1 },
          { name: 'Ana Souza', email: 'ana.souza@gmail.com', phone: '(11) 3333-4444' },
          { name: 'Vovó', phones: ['+55 11 98888-2222', '(11) 3333-5555'] },
          { name: 'Vovô', phones: ['+55 11 98888-3333', '(11) 3333-5555'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.equal(rows.length, 3, r.text);
      const ana = rows.find((d) => d.emails.includes('ana.souza@gmail.com'))!;
      assert.deepEqual(ana.phones.slice().sort(), ['+551133334444', '+5511988881111']);
      assert.deepEqual(
        rows
          .map((d) => d.name)
          .filter((n) => n?.startsWith('Vov'))
          .sort(),
        ['Vovó', 'Vovô'],
      );
    });

    it("the owner's own card in the owner's language is left out as 'self', and says so", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-self',
        source: { type: 'ios', phone: '+55 11 98888-0000' },
        include_left_out: 1,
        entries: [
          { name: 'Ana Souza', phone: '+55 11 98888-1111' },
          { name: 'Meu número', phone: '(11) 98888-0000' },
          { name: 'Mi celular', phone: '+55 11 98888-0000' },
          { name: 'Eu', phone: '+55 11 98888-0000', times_contacted: 2 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const reasons = Object.fromEntries(r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]));
      assert.deepEqual(reasons, { 1: 'self', 2: 'self' }, JSON.stringify(r.body.meta.left_out_entries));
      // `Eu`, written to, is someone: a nickname on the shared number is kept.
      assert.deepEqual((r.body.data as Row[]).map((d) => d.name).sort(), ['Ana Souza', 'Eu']);
    });
  });
}
