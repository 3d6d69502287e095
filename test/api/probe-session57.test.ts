/**
 * HTTP probes of the fifty-seventh session, on each engine:
 * - on the family landline a spaced name in Han or Hangul (`山田 太郎`) and his sister's written without a
 *   space (`山田花子`) were one row: the family name alone agreed. She, pinned and written to, vanished.
 * - two given names or initials swapped (`Сидоров И.П.`, his son `Сидоров П.И.`) were one row too.
 * - a brand named in its own script on its own mailbox (`쿠팡` from coupang@coupang.com), received only, was
 *   first of a book of people; the same card with no name is left out.
 * - the owner's own full name at another address (a personal mailbox beside the work one), written to
 *   fifty times, was first of the owner's own list.
 * - a Réunion mobile written nationally in a French book (`0692 12 34 56`) was the made-up `+33692123456`,
 *   and never met the same person's `+262` card.
 * - a line word in Japanese, Chinese or Korean (`田中太郎 携帯`) was read as a name: a second row of the
 *   person, and `엄마 집` (Mom home) fused with `아빠` (Dad) on the landline.
 * - relatives whose given names one starts the other (`Ali`/`Alireza`), each with a mobile on the family
 *   landline, and spouses who keep their own family names on the family mailbox, were one row.
 * - Mexico's abolished `044`/`01` prefixes in a Mexican book were kept as written.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; phones: string[]; emails: string[] };

for (const engine of ENGINES) {
  describe(`probe of the fifty-seventh session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a brother and his sister on the family landline stay two rows whether or not their names are spaced; father and son with swapped initials too', async () => {
      const entries = [
        { name: '山田 太郎', phones: ['03-1234-5678'] },
        { name: '山田花子', phones: ['03-1234-5678'], emails: ['hanako@example.jp'], starred: true, times_contacted: 30 },
        { name: '山田太郎', emails: ['taro@example.jp'], phones: ['03-1234-5678'] },
        { name: 'Сидоров И.П.', phones: ['+7 495 123-45-67'] },
        { name: 'Сидоров П.И.', phones: ['+7 495 123-45-67'], emails: ['petr@example.ru'], times_contacted: 12 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'cjk1', source: { type: 'android', region: 'JP' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = (r.body.data as Row[]).map((x) => [x.name, [...x.emails].sort()]).sort();
      assert.deepEqual(rows, [
        ['Сидоров И.П.', []],
        ['Сидоров П.И.', ['petr@example.ru']],
        ['山田 太郎', ['taro@example.jp']],
        ['山田花子', ['hanako@example.jp']],
      ]);
      // The sister, starred and written to, is ranked, and the book's GET says the same.
      const g = await api.get('/v0/address-book/cjk1');
      assert.equal(g.status, 200, g.text);
      assert.equal(g.body.data.length, 4);
      assert.equal(g.body.data[0].name, '山田花子');
    });

    it('a brand named in its own script, received only, ranks after the people; written to, it ranks as it scores', async () => {
      const people = Array.from({ length: 12 }, (_, i) => ({
        name: `Person ${String.fromCharCode(65 + i)} Example`,
        email: `p${i}@friends.example`,
        last_message_received_date: '2026-10-01',
      }));
      for (const [name, email] of [
        ['쿠팡', 'coupang@coupang.com'],
        ['メルカリ', 'mercari@mercari.jp'],
        ['Mercado Livre', 'mercadolivre@mercadolivre.com.br'],
      ]) {
        const card = { name, email, last_message_received_date: '2026-11-20' };
        const r = await api.post('/v0/address-book', { user_id: `brand-${email}`, source: { type: 'gmail' }, entries: [...people, card] });
        assert.equal(r.status, 200, r.text);
        const at = (r.body.data as Row[]).findIndex((x) => x.emails.includes(email));
        assert.equal(at, 12, `${name}: kept, after the 12 people`);
        const w = await api.post('/v0/address-book', {
          user_id: `brand-w-${email}`,
          source: { type: 'gmail' },
          entries: [...people, { ...card, times_contacted: 3, last_message_sent_date: '2026-11-19' }],
        });
        assert.equal(w.status, 200, w.text);
        assert.equal(
          (w.body.data as Row[]).findIndex((x) => x.emails.includes(email)),
          0,
          `${name} written to`,
        );
      }
    });

    it("the owner's full name at another address ranks after the people, the shift named own_name; a namesake with a generation ranks as it scores", async () => {
      const people = Array.from({ length: 5 }, (_, i) => ({
        name: `Person ${String.fromCharCode(65 + i)} Example`,
        email: `p${i}@friends.example`,
        times_contacted: 3,
        last_message_sent_date: '2026-10-01',
      }));
      const entries = [
        ...people,
        { name: 'Pat Owner', email: 'pat.owner@gmail.com', times_contacted: 50, last_message_sent_date: '2026-11-20' },
        { name: 'Pat Owner Sr', email: 'dad@family.example', times_contacted: 20, last_message_sent_date: '2026-11-20' },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'own1',
        explain: 1,
        source: { type: 'gmail', email: 'pat@work.example', name: 'Pat Owner' },
        entries,
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain: Record<string, number> })[];
      assert.deepEqual(
        rows.map((x) => x.emails[0]),
        [
          'dad@family.example',
          'p0@friends.example',
          'p1@friends.example',
          'p2@friends.example',
          'p3@friends.example',
          'p4@friends.example',
          'pat.owner@gmail.com',
        ],
      );
      assert.ok(rows[6]!.explain.own_name! < 0, JSON.stringify(rows[6]!.explain));
      assert.equal(rows[0]!.explain.own_name, undefined);
      // Without the owner's name, it ranks as it scores.
      const u = await api.post('/v0/address-book', { user_id: 'own2', source: { type: 'gmail', email: 'pat@work.example' }, entries });
      assert.equal(u.status, 200, u.text);
      assert.equal(u.body.data[0].emails[0], 'pat.owner@gmail.com');
    });

    it('a French overseas number written nationally in a French book is read under its own calling code, and meets its international form', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'fr-dom',
        source: { type: 'android', region: 'FR' },
        entries: [
          { name: 'Léa Payet', phone: '0692 12 34 56' },
          { name: 'Chloé Martin', phone: '06 12 34 56 78' },
          { name: 'Loïc Jean-Baptiste', phone: '0690 12 34 56' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const g = await api.post('/v0/address-book', {
        user_id: 'fr-dom',
        source: { type: 'gmail' },
        entries: [{ name: 'Léa Payet', email: 'lea@example.re', phone: '+262 692 12 34 56', times_contacted: 4 }],
      });
      assert.equal(g.status, 200, g.text);
      assert.deepEqual((g.body.data as Row[]).map((x) => [x.name, x.phones, x.emails]).sort(), [
        ['Chloé Martin', ['+33612345678'], []],
        ['Loïc Jean-Baptiste', ['+590690123456'], []],
        ['Léa Payet', ['+262692123456'], ['lea@example.re']],
      ]);
    });

    it('line words in Japanese, Chinese and Korean name no one: one row for the person, two for the parents', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'cjk-line',
        source: { type: 'android', region: 'KR' },
        entries: [
          { name: '田中 太郎', phone: '+81 90-1234-5678', email: 'taro@example.jp' },
          { name: '田中太郎 携帯', phone: '+81 90-1234-5678' },
          { name: '엄마 집', phone: '02-1234-5678' },
          { name: '아빠', phone: '02-1234-5678', starred: true },
          { name: '王芳 手机', phone: '+86 138 0013 8000' },
          { name: '王芳', phone: '+86 138 0013 8000' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.data as Row[]).map((x) => x.name).sort(), ['王芳', '田中 太郎', '아빠', '엄마 집']);
    });

    it('relatives of compound given names on the landline, and spouses of two family names on the family mailbox, stay two rows; a Mexican book reads the old 044 and 01 prefixes', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'family57',
        source: { type: 'android', region: 'MX' },
        entries: [
          { name: 'Ali Rezaei', phones: ['55 2222 3333', '55 1111 1111'], times_contacted: 2 },
          { name: 'Alireza Rezaei', phones: ['55 2222 3333', '55 4444 4444'], times_contacted: 3 },
          { name: 'Jorge García López', emails: ['familia.garcia@gmail.com'], phones: ['044 (81) 8123 4567'], times_contacted: 3 },
          { name: 'Lucía Fernández Ruiz', emails: ['familia.garcia@gmail.com'], times_contacted: 20 },
          { name: 'Rosa Díaz', phones: ['01 81 8765 4321'] },
          { name: 'Rosa Díaz', phones: ['+52 81 8765 4321'], emails: ['rosa@example.mx'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.data as Row[]).map((x) => [x.name, x.phones, x.emails]).sort(), [
        ['Ali Rezaei', ['+525522223333', '+525511111111'], []],
        ['Alireza Rezaei', ['+525522223333', '+525544444444'], []],
        ['Jorge García López', ['+528181234567'], ['familia.garcia@gmail.com']],
        ['Lucía Fernández Ruiz', [], ['familia.garcia@gmail.com']],
        ['Rosa Díaz', ['+528187654321'], ['rosa@example.mx']],
      ]);
      assert.equal(r.body.data[0].name, 'Lucía Fernández Ruiz', 'written to twenty times, first');
    });

    it("cards named as the owner's own (`My number`, `Мой номер`, `Mein Handy`) at numbers none of the owner's rank after the people, the shift named own_name", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'own-sim',
        explain: 1,
        source: { type: 'android', region: 'GB', phone: '+44 7700 900000', name: 'Pat Owner' },
        entries: [
          { name: 'My number', phone: '07700 900201' },
          { name: 'Мой номер', phone: '07700 900202' },
          { name: 'Mein Handy', phone: '07700 900203' },
          { name: 'Ann Lee', phone: '07700 900100', times_contacted: 1 },
          { name: 'Bob Roe', phone: '07700 900101' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain: Record<string, number> })[];
      assert.deepEqual(
        rows.slice(0, 2).map((x) => x.name),
        ['Ann Lee', 'Bob Roe'],
      );
      for (const x of rows.slice(2)) assert.ok(x.explain.own_name !== undefined, JSON.stringify(x));
      assert.equal(rows.length, 5);
    });
  });
}
