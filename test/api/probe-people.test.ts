/**
 * What a probe of the HTTP API with realistic address books found, fixed, on each engine and through real
 * HTTP: one person written by a phone, a mail account and a vCard in the forms each writes is one row.
 * - degrees after a name (`Dr. Jane Doe, PhD`, `Jane Doe MD`) no longer veto her own cards on her mobile;
 * - a word in brackets inside a name (`Xiaoming (Tom) Wang`) is what the person is called: `Tom Wang` on
 *   the same mobile is them, `Jerry Wang` is not;
 * - a hyphenated given name in the other order (`Kim Min-su`, `Minsu Kim`) is one name;
 * - the everyday Russian short form in Cyrillic (`Саша Иванов`) fits the full name (`Александр Иванов`);
 * - an address written to hide it (`jane [at] example [dot] com`) is the address: invitable, and merged
 *   with the same person's plain address, instead of left out as `invalid`.
 * A second probe:
 * - a given name alone in Han or Hangul (`小明`, `민수`) fits the full name written without a space;
 * - a Japanese name in kana (hiragana or katakana) and in kanji is one name; a name typed half in Latin,
 *   half in Cyrillic (`Ivan Петров`) is the name in either script;
 * - particles and spellings that name no one else (`van der`/`van den`, `El-`/`Al-`, `ibn`/`bin`);
 * - a newsletter sent from a platform's host under a person's name (`lenny@substack.com`,
 *   `tim@mail.beehiiv.com`, `…@convertkit-mail2.com`), received only, is a bulk sender, not a person in
 *   the top 10; one the owner wrote to stays.
 * A third probe, of names in two scripts on the family landline:
 * - `Ivan Petrov` and `Мария Петрова`, each with a mobile of their own, were one row holding both
 *   mobiles (names in two scripts vetoed nothing): read through the romanisations, `Мария` is no form of
 *   `Ivan`, and they stay two; `Дмитрий Орлов` on his mobile and `Dmitry Orlov` on his address stay one;
 * - `山田 太郎` and `やまだ はなこ` (kanji and kana, which no letter compares), each with a mobile of their
 *   own, stay two as a father and a son with a generation suffix do; `さとう けん` on `佐藤 健`'s mobile is him.
 * An eighteenth probe, of whole lists (eval:top10 counting every row that shows a person a second time):
 * - a source that names no region (a Gmail export, a phone whose owner's number is written at home) reads
 *   its national numbers as of no country, and `1-512-262-8658` and `(512)262-8658` were two people: North
 *   America's trunk prefix 1 is now read as a trunk prefix there (merge/links.ts nationalAliases);
 * - `Jan (trabajo)` on Jan Smit's number: a note of where the owner knows someone from names no one.
 * A nineteenth probe: pet forms that no list holds (`Franzi` on Franziska Schwarz's mobile, `Uschi Groß`
 * beside `Ursula Groß` on one address and one mobile) were second rows (merge/names.ts petForm).
 * A review of those fixes, each a fusion of two people on the family landline, each with a mobile:
 * - `Jun (David) Chen` and `Wei (David) Chen` (the same bracketed word on two names) were one row;
 * - `Mary (Taylor) Jones` and her daughter `Taylor Jones` (a maiden name read as a nickname) were one row;
 * - `Саша Шевченко` and `Александра Шевченко`, `Alex Kim` and `Alexandra Kim` (a short form of a man's
 *   name and a woman's) were one row; `Dmitri Orlov` and `Dmitry Orlov` on his mobile (two romanisations
 *   of one name) were two.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const SOURCE = { type: 'ios', email: 'owner@example.com', phone: '+14155550100' };

const ENTRIES = [
  { name: 'Dr. Jane Doe, PhD', email: 'jane.doe@uni.example', times_contacted: 3 },
  { name: 'Doe, Jane', email: 'JANE.DOE@uni.example', phones: ['+1 415 555 0111'] },
  { name: 'Jane Doe MD', phones: ['(415) 555-0111'] },
  { name: 'Xiaoming (Tom) Wang', email: 'xm.wang@163.com', phones: ['+1 415 555 0501'], times_contacted: 4 },
  { name: 'Tom Wang', phones: ['(415) 555-0501'] },
  { name: 'Jerry Wang', phones: ['415-555-0501'] },
  { name: 'Kim Min-su', phones: ['+82 10-1234-5678'] },
  { name: 'Minsu Kim', email: 'minsu.kim@naver.com', phones: ['+821012345678'] },
  { name: 'Kim Min-ji', phones: ['+82 10 1234 5678'] },
  { name: 'Pat Roe', email: 'pat (at) roe-family (dot) example', is_favorite: 1 },
  { name: 'Pat Roe', email: 'pat@roe-family.example' },
  { name: 'Sam Poe', email: 'sam[at]poe.example' },
  { name: 'Lunch', email: 'lunch at noon' },
  { name: 'Саша Иванов', phones: ['+7 916 123-45-67'] },
  { name: 'Александр Иванов', email: 'a.ivanov@yandex.ru', phones: ['+79161234567'] },
];

/** read (+ the people lists of several people gave) = contacts + merged + left out. */
function assertAddsUp(c: Record<string, any>) {
  assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
}

for (const engine of ENGINES) {
  describe(`probe of people's names and hidden addresses on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('one row per person, each card of theirs in it; two people of one family name and one number stay two', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'people', source: SOURCE, entries: ENTRIES, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byEmail = (m: string) => r.body.data.filter((d: any) => d.emails.includes(m));
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      // Jane: her mail account, her sorted card and her phone's card with her degree.
      assert.equal(byPhone('+14155550111').length, 1, JSON.stringify(rows));
      assert.deepEqual(byPhone('+14155550111')[0].emails, ['jane.doe@uni.example']);
      assert.equal(byPhone('+14155550111')[0].name, 'Dr. Jane Doe, PhD');
      // Tom is Xiaoming; Jerry, on the same line, is someone else.
      const wangs = byPhone('+14155550501');
      assert.deepEqual(wangs.map((d: any) => [d.name, d.emails]).sort(), [
        ['Jerry Wang', []],
        ['Tom Wang', ['xm.wang@163.com']],
      ]);
      // Min-su is Minsu Kim; Min-ji is his sister.
      const kims = byPhone('+821012345678');
      assert.deepEqual(kims.map((d: any) => [d.name, d.emails]).sort(), [
        ['Kim Min-ji', []],
        ['Kim Min-su', ['minsu.kim@naver.com']],
      ]);
      // The hidden addresses are addresses: Pat once, Sam invitable.
      assert.equal(byEmail('pat@roe-family.example').length, 1, JSON.stringify(rows));
      assert.equal(byEmail('pat@roe-family.example')[0].unusable, undefined);
      assert.deepEqual(
        byEmail('sam@poe.example').map((d: any) => [d.name, d.email]),
        [['Sam Poe', 'sam@poe.example']],
      );
      // Саша is Александр: the everyday short form in Cyrillic.
      assert.deepEqual(
        byPhone('+79161234567').map((d: any) => [d.name, d.emails]),
        [['Александр Иванов', ['a.ivanov@yandex.ru']]],
      );
      assert.equal(rows.length, 8, JSON.stringify(rows));
      // A phrase is still no address: left out, and said so.
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [15, 8, 6, 1]);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 12, reason: 'invalid' }]);
      // GET reads the stored book the same way.
      const g = await api.get('/v0/address-book/people?include_left_out=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((d: any) => [d.name, d.emails, d.phones]),
        rows,
      );
      assertAddsUp(g.body.meta.cleaning);
      assert.deepEqual(
        g.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        [[12, 'invalid']],
      );
    });

    it('second probe: given names alone, kana and kanji, half-Cyrillic names, particles, newsletters under a name', async () => {
      const got = '2026-09-01T08:00:00Z';
      const entries = [
        { name: '小明', phones: ['+86 138 0013 8000'] },
        { name: '王小明', email: 'xm@163.com', phones: ['+8613800138000'], times_contacted: 3 },
        { name: '민수', phones: ['+82 10-2222-3333'] },
        { name: '김민수', email: 'minsu@naver.com', phones: ['+821022223333'], times_contacted: 2 },
        { name: '민지', phones: ['+82 10 2222 3333'] },
        { name: 'やまだ たろう', phones: ['090-1234-5678'] },
        { name: '山田 太郎', email: 'taro@docomo.ne.jp', phones: ['+81 90-1234-5678'] },
        { name: 'ヤマダ タロウ', phones: ['+81 90 1234 5678'] },
        { name: 'Ivan Петров', phones: ['+7 916 123-45-67'] },
        { name: 'Иван Петров', email: 'ivan@yandex.ru', phones: ['+79161234567'], times_contacted: 1 },
        { name: 'Ivan Petrov', email: 'ivan.petrov@gmail.com', phones: ['+79161234567'] },
        { name: 'Jan van den Berg', email: 'jan@vdberg.nl', phones: ['+31 6 12345678'] },
        { name: 'Jan van der Berg', phones: ['+31612345678'] },
        { name: 'Jan vd Berg', phones: ['+31612345678'] },
        { name: 'Ahmed Al-Rashid', email: 'a@rashid.ae', phones: ['+971 50 123 4567'] },
        { name: 'Ahmad El-Rashid', phones: ['+971501234567'] },
        { name: 'Lenny Rachitsky', email: 'lenny@substack.com', last_message_received_date: got },
        { name: 'Tim Smith', email: 'tim@mail.beehiiv.com', last_message_received_date: got },
        { name: 'Jane Roe', email: 'jane=gmail.com@convertkit-mail2.com', last_message_received_date: got },
        { name: 'Pat Doe', email: 'patdoe@substack.com', times_contacted: 2 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-2', source: { type: 'gmail', email: 'owner@example.com' }, entries, explain: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p)).map((d: any) => d.name);
      assert.deepEqual(byPhone('+8613800138000'), ['王小明'], JSON.stringify(rows));
      assert.deepEqual(byPhone('+821022223333').sort(), ['김민수', '민지'], JSON.stringify(rows)); // his sister stays
      assert.equal(byPhone('+819012345678').length, 1, JSON.stringify(rows));
      assert.equal(byPhone('+79161234567').length, 1, JSON.stringify(rows));
      assert.equal(byPhone('+31612345678').length, 1, JSON.stringify(rows));
      assert.equal(byPhone('+971501234567').length, 1, JSON.stringify(rows));
      // The newsletters only ever sent: left out, and said so; the writer the owner wrote to stays.
      const emails = r.body.data.flatMap((d: any) => d.emails);
      assert.ok(emails.includes('patdoe@substack.com'), JSON.stringify(rows));
      for (const m of ['lenny@substack.com', 'tim@mail.beehiiv.com', 'jane=gmail.com@convertkit-mail2.com']) assert.ok(!emails.includes(m), m);
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        [
          [16, 'bulk_sender'],
          [17, 'bulk_sender'],
          [18, 'bulk_sender'],
        ],
      );
      assert.equal(rows.length, 8, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [20, 8, 9, 3]);
      const g = await api.get('/v0/address-book/people-2?explain=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((d: any) => [d.name, d.emails, d.phones]),
        rows,
      );
      assertAddsUp(g.body.meta.cleaning);
    });

    it('third probe: two people of a family on the landline in two scripts stay two; one person in two scripts is one row', async () => {
      const entries = [
        { name: 'Ivan Petrov', phones: ['+7 916 111-11-11', '+7 495 123-45-67'] },
        { name: 'Мария Петрова', phones: ['+79162222222', '+74951234567'] },
        { name: '山田 太郎', phones: ['+81 90-1111-2222', '+81 3-1111-2222'] },
        { name: 'やまだ はなこ', phones: ['+818033334444', '+81311112222'] },
        // One person each, in two scripts: his phone's card and his mail account.
        { name: 'Дмитрий Орлов', phones: ['+7 916 333-33-33', '+7 495 765-43-21'], email: 'd.orlov@gmail.com' },
        { name: 'Dmitry Orlov', email: 'd.orlov@gmail.com' },
        { name: 'Орлов Дмитрий', phones: ['+79163333333'] },
        { name: '佐藤 健', phones: ['+81 90-5555-6666'] },
        { name: 'さとう けん', email: 'ken@docomo.ne.jp', phones: ['+819055556666'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-3', source: { type: 'ios', email: 'owner@example.com' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) =>
        r.body.data
          .filter((d: any) => d.phones.includes(p))
          .map((d: any) => d.name)
          .sort();
      assert.equal(byPhone('+74951234567').length, 2, JSON.stringify(rows)); // the landline: Ivan and Maria
      assert.equal(byPhone('+79161111111').length, 1, JSON.stringify(rows));
      assert.equal(byPhone('+79162222222').length, 1, JSON.stringify(rows));
      assert.ok(!r.body.data.some((d: any) => d.phones.includes('+79161111111') && d.phones.includes('+79162222222')), JSON.stringify(rows));
      assert.equal(byPhone('+81311112222').length, 2, JSON.stringify(rows)); // the landline: Taro and Hanako
      assert.ok(!r.body.data.some((d: any) => d.phones.includes('+819011112222') && d.phones.includes('+818033334444')), JSON.stringify(rows));
      assert.equal(byPhone('+79163333333').length, 1, JSON.stringify(rows));
      assert.ok(r.body.data.find((d: any) => d.phones.includes('+79163333333')).emails.includes('d.orlov@gmail.com'), JSON.stringify(rows));
      assert.equal(byPhone('+819055556666').length, 1, JSON.stringify(rows));
      assert.ok(r.body.data.find((d: any) => d.phones.includes('+819055556666')).emails.includes('ken@docomo.ne.jp'), JSON.stringify(rows));
      assert.equal(rows.length, 6, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [9, 6, 3, 0]);
    });

    it('fifth probe: a brother and sister whose names romanise into each other only with a slip (Олег / Olga) stay two on the landline', async () => {
      const entries = [
        { name: 'Олег Петров', phones: ['+7 916 111-11-11', '+7 495 123-45-67'] },
        { name: 'Olga Petrova', phones: ['+79162222222', '+74951234567'] },
        // One person: his phone's card in Cyrillic and another in Latin, each with a number of its own.
        { name: 'Дмитрий Орлов', phones: ['+7 916 333-33-33', '+7 495 765-43-21'] },
        { name: 'Dmitry Orlov', phones: ['+79164444444', '+74957654321'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-5', source: { type: 'ios' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.phones]);
      assert.ok(!r.body.data.some((d: any) => d.phones.includes('+79161111111') && d.phones.includes('+79162222222')), JSON.stringify(rows));
      assert.ok(
        r.body.data.some((d: any) => d.phones.includes('+79163333333') && d.phones.includes('+79164444444')),
        JSON.stringify(rows),
      );
      assert.equal(rows.length, 3, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [4, 3, 1, 0]);
      const get = await api.get('/v0/address-book/people-5');
      assert.equal(get.status, 200, get.text);
      assert.equal(get.body.data.length, 3, get.text);
    });

    it('fourth probe: a shared bracketed word, a maiden name in brackets, a short form of two genders keep two people of the landline apart', async () => {
      const family = (n: number) => `+1 212 555 01${String(n).padStart(2, '0')}`;
      const entries = [
        // Each pair: two people, each with a mobile of their own, on one family landline.
        { name: 'Jun (David) Chen', phones: [family(11), family(10)] },
        { name: 'Wei (David) Chen', phones: [family(12), family(10)] },
        { name: 'Mary (Taylor) Jones', phones: [family(21), family(20)] },
        { name: 'Taylor Jones', phones: [family(22), family(20)] },
        { name: 'Саша Шевченко', phones: ['+380 67 111 1111', '+380 44 123 4567'] },
        { name: 'Александра Шевченко', phones: ['+380672222222', '+380441234567'] },
        { name: 'Alex Kim', phones: [family(41), family(40)] },
        { name: 'Alexandra Kim', phones: [family(42), family(40)] },
        // One person each: his mail account and his phone's card; her card on her own mobile alone.
        { name: 'Dmitri Orlov', phones: ['+7 916 333-33-33', '+7 495 765-43-21'] },
        { name: 'Dmitry Orlov', email: 'd.orlov@gmail.com', phones: ['+79163333333', '+79164444444'] },
        { name: 'Xiaoming (Tom) Wang', phones: [family(51)] },
        { name: 'Tom Wang', email: 'tom.wang@163.com', phones: [family(51)] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-4', source: { type: 'ios', email: 'owner@example.com' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      for (const [landline, a, b] of [
        ['+12125550110', '+12125550111', '+12125550112'],
        ['+12125550120', '+12125550121', '+12125550122'],
        ['+380441234567', '+380671111111', '+380672222222'],
        ['+12125550140', '+12125550141', '+12125550142'],
      ]) {
        assert.equal(byPhone(landline).length, 2, `${landline}: ${JSON.stringify(rows)}`);
        assert.equal(byPhone(a).length, 1, JSON.stringify(rows));
        assert.ok(!byPhone(a)[0].phones.includes(b), `${a} and ${b} in one row: ${JSON.stringify(rows)}`);
      }
      assert.equal(byPhone('+79163333333').length, 1, JSON.stringify(rows));
      assert.deepEqual(byPhone('+79163333333')[0].emails, ['d.orlov@gmail.com'], JSON.stringify(rows));
      assert.equal(byPhone('+12125550151').length, 1, JSON.stringify(rows));
      assert.equal(rows.length, 10, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [12, 10, 2, 0]);
    });
    it('sixth probe: joined initials, Mari for María, a Russian trunk 8, two extensions, vCard lines; the landline keeps its people apart', async () => {
      const entries = [
        // One person each, across sources and formats.
        { name: 'JP Martin', phones: ['+33 6 11 22 33 44'] },
        { name: 'Jean-Pierre Martin', email: 'jp.martin@orange.example', phones: ['+33611223344'] },
        { name: 'Mari García', phones: ['+34 612 345 678'] },
        { name: 'María García López', email: 'maria.garcia@mail.example', phones: ['+34612345678'] },
        { name: 'Ivan Petrov', phones: ['8 916 123-45-67'] },
        { name: 'Иван Петров', email: 'ivan@mail.example', phones: ['+7 916 123 45 67'] },
        { name: 'Joe Bloggs', phones: ['item1.TEL;type=pref:+1 415 555 0166'] },
        { name: 'Joe Bloggs', email: 'EMAIL;TYPE=INTERNET:joe@bloggs.example', phones: ['+1 (415) 555-0166'] },
        // A person with only a number with two extensions: kept.
        { name: 'Eve Adams', phones: ['+1 415 555 0144 x12, x14'] },
        // Two people each, each with a mobile of their own beside the family landline.
        { name: 'JP Durand', phones: ['+33 6 55 44 33 11', '+33 1 45 67 89 11'] },
        { name: 'Jacques Durand', phones: ['+33699887711', '+33145678911'] },
        { name: 'Mari Tanaka', phones: ['+81 90-1111-3333', '+81 3-1111-3333'] },
        { name: 'Maria Tanaka', phones: ['+819022224444', '+81311113333'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-6', source: { type: 'ios', phone: '+14155550100' }, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      for (const [p, email] of [
        ['+33611223344', 'jp.martin@orange.example'],
        ['+34612345678', 'maria.garcia@mail.example'],
        ['+79161234567', 'ivan@mail.example'],
        ['+14155550166', 'joe@bloggs.example'],
      ]) {
        assert.equal(byPhone(p).length, 1, `${p}: ${JSON.stringify(rows)}`);
        assert.deepEqual(byPhone(p)[0].emails, [email], JSON.stringify(rows));
      }
      assert.deepEqual(
        byPhone('+14155550144;ext=12').map((d: any) => d.name),
        ['Eve Adams'],
      );
      for (const [landline, a, b] of [
        ['+33145678911', '+33655443311', '+33699887711'],
        ['+81311113333', '+819011113333', '+819022224444'],
      ]) {
        assert.equal(byPhone(landline).length, 2, `${landline}: ${JSON.stringify(rows)}`);
        assert.ok(!byPhone(a)[0].phones.includes(b), `${a} and ${b} in one row: ${JSON.stringify(rows)}`);
      }
      assert.equal(rows.length, 9, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [13, 9, 4, 0]);
      const g = await api.get('/v0/address-book/people-6');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((d: any) => [d.name, d.emails, d.phones]),
        rows,
      );
    });
    it("seventh probe: mail from ESP hosts under a person's name, received only, is a bulk sender; one the owner wrote to stays", async () => {
      const got = '2026-09-01T08:00:00Z';
      const entries = [
        { name: 'Ann Lee', email: 'a1b2c3d4e5@inbound.mailchimp.com', last_message_received_date: got },
        { name: 'Bo Chan', email: 'bo.chan@mg.shop.example', last_message_received_date: got },
        { name: 'Cy Park', email: 'cy@pm.mtasv.net', last_message_received_date: got },
        { name: 'Dee Roe', email: 'dee@inbound.mailchimp.com', times_contacted: 2, last_message_sent_date: got },
        { name: 'Eve Poe', email: 'eve@mail.example', last_message_received_date: got },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-7', source: { type: 'gmail', email: 'owner@example.com' }, entries, explain: 1 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.emails]),
        [
          ['Dee Roe', ['dee@inbound.mailchimp.com']],
          ['Eve Poe', ['eve@mail.example']],
        ],
      );
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        [
          [0, 'bulk_sender'],
          [1, 'bulk_sender'],
          [2, 'bulk_platform'],
        ],
      );
      assertAddsUp(r.body.meta.cleaning);
    });
    it("eighth probe: a Chinese mobile without +86 in a US book, an Arabic name spelled two ways, a couple's card on the family address", async () => {
      const entries = [
        { name: 'Chen Wei', phones: ['+86 139 1234 5678'] },
        { name: 'Wei Chen', email: 'wei.chen@mail.example', phones: ['13912345678'] },
        { name: 'Mohammed Al Farsi', phones: ['+971 50 765 4321'] },
        { name: 'Mohamed Alfarsi', email: 'm.alfarsi@mail.example', phones: ['+971507654321'] },
        { name: 'محمد الفارسي', phones: ['+971 50 765 4321'] },
        { name: 'Ahmed Alfarsi', phones: ['+971 50 111 2222', '+971 4 123 4567'] },
        { name: 'Mohammed Al Farsi', phones: ['+971507654321', '+97141234567'] },
        { name: 'John Smith', email: 'smiths@mail.example', phones: ['+1 415 555 0201'] },
        { name: 'Mary Smith', email: 'smiths@mail.example', phones: ['+1 415 555 0202'] },
        { name: 'John & Mary Smith', email: 'smiths@mail.example' },
        { name: 'Smith, John A.', email: 'john.a.smith@work.example', phones: ['(415) 555-0201'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-8', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      assert.equal(byPhone('+8613912345678').length, 1, JSON.stringify(rows));
      assert.deepEqual(byPhone('+8613912345678')[0].emails, ['wei.chen@mail.example'], JSON.stringify(rows));
      assert.ok(!r.body.data.some((d: any) => d.phones.includes('+13912345678')), JSON.stringify(rows));
      assert.equal(byPhone('+971507654321').length, 1, JSON.stringify(rows));
      assert.deepEqual(byPhone('+971507654321')[0].emails, ['m.alfarsi@mail.example'], JSON.stringify(rows));
      assert.equal(byPhone('+97141234567').length, 2, JSON.stringify(rows)); // his brother stays
      assert.equal(byPhone('+14155550201').length, 1, JSON.stringify(rows));
      assert.ok(byPhone('+14155550201')[0].emails.includes('john.a.smith@work.example'), JSON.stringify(rows));
      assert.ok(!r.body.data.some((d: any) => d.phones.includes('+14155550201') && d.phones.includes('+14155550202')), JSON.stringify(rows));
      assert.equal(rows.length, 5, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [11, 5, 6, 0]);
    });
    it('ninth probe: an extension after a semicolon or with "#", everyday English short forms; sisters and a mother and son stay apart', async () => {
      const entries = [
        // A person with only a direct line written "; ext.": kept, and one with her mail account.
        { name: 'Ada Byrne', phones: ['+1 (415) 555-0123; ext. 45'] },
        { name: 'Ada Byrne', email: 'ada@byrne.example', phones: ['+1 415 555 0123 Ext #45'] },
        { name: 'Josh Kaye', phones: ['(415) 555-0301'] },
        { name: 'Joshua Kaye', email: 'joshua@kaye.example', phones: ['+14155550301'] },
        { name: 'Cindy Ng', phones: ['+1 415 555 0302'] },
        { name: 'Cynthia Ng', email: 'cynthia@ng.example', phones: ['4155550302'] },
        // Two people each on the family landline, each with a mobile of their own.
        { name: 'Nell Shaw', phones: ['+1 415 555 0311', '+1 415 555 0310'] },
        { name: 'Ellie Shaw', phones: ['+1 415 555 0312', '+1 415 555 0310'] },
        { name: 'Ollie Dunn', phones: ['+1 415 555 0321', '+1 415 555 0320'] },
        { name: 'Olivia Dunn', phones: ['+1 415 555 0322', '+1 415 555 0320'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-9', source: { type: 'ios', phone: '+14155550100' }, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      assert.deepEqual(
        byPhone('+14155550123;ext=45').map((d: any) => [d.name, d.emails]),
        [['Ada Byrne', ['ada@byrne.example']]],
      );
      assert.deepEqual(byPhone('+14155550301')[0].emails, ['joshua@kaye.example'], JSON.stringify(rows));
      assert.deepEqual(byPhone('+14155550302')[0].emails, ['cynthia@ng.example'], JSON.stringify(rows));
      for (const [landline, a, b] of [
        ['+14155550310', '+14155550311', '+14155550312'],
        ['+14155550320', '+14155550321', '+14155550322'],
      ]) {
        assert.equal(byPhone(landline).length, 2, `${landline}: ${JSON.stringify(rows)}`);
        assert.ok(!byPhone(a)[0].phones.includes(b), `${a} and ${b} in one row: ${JSON.stringify(rows)}`);
      }
      assert.equal(rows.length, 7, JSON.stringify(rows));
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [10, 7, 3, 0]);
    });
    it('tenth probe: a placeholder for a missing name (undefined, Ann undefined, [object Object], an invisible name) names nobody', async () => {
      const entries = [
        { name: 'Ann Lee', email: 'ann@lee.example', phones: ['+1 415 555 0501'] },
        { name: 'undefined', phones: ['(415) 555-0501'] },
        { name: 'Ann undefined', phones: ['415-555-0501'] },
        { name: 'null null', phones: ['+1 415 555 0502'] },
        { name: '[object Object]', phones: ['+1 415 555 0503'] },
        { name: '\u200b', phones: ['+1 415 555 0504'] },
        { name: 'Bo Chen', phones: ['+1 415 555 0504'] },
        { name: 'Jennifer Null', phones: ['+1 415 555 0506'] },
        { name: 'Jennifer Smith', phones: ['+1 415 555 0506'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-10', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]).sort((a: any, b: any) => a[2][0].localeCompare(b[2][0]));
      assert.deepEqual(rows, [
        ['Ann Lee', ['ann@lee.example'], ['+14155550501']],
        [null, [], ['+14155550502']],
        [null, [], ['+14155550503']],
        ['Bo Chen', [], ['+14155550504']],
        ['Jennifer Null', [], ['+14155550506']],
        ['Jennifer Smith', [], ['+14155550506']],
      ]);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [9, 6, 3, 0]);
      const g = await api.get('/v0/address-book/people-10');
      assert.equal(g.status, 200, g.text);
      assert.equal(g.body.data.length, 6, g.text);
    });
    it("eleventh probe: vCard names pasted whole (FN:, N:, the structured value) are the person's name; one person on her mobile is one row", async () => {
      const names = ['Ann Lee', 'FN:Ann Lee', 'Lee;Ann;;;', 'N:Lee;Ann;;;', 'Lee, Ann (Acme Corp.)', 'ANN LEE', 'A. Lee'];
      const entries = names.map((name, i) =>
        i === 0 ? { name, email: 'ann@lee.example', phones: ['+1 415 555 0601'] } : { name, phones: ['(415) 555-0601'] },
      );
      entries.push({ name: 'FN:Bo Chan', phones: ['+1 415 555 0602'] });
      const r = await api.post('/v0/address-book', { user_id: 'people-11', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.emails, d.phones]),
        [
          ['Ann Lee', ['ann@lee.example'], ['+14155550601']],
          ['Bo Chan', [], ['+14155550602']],
        ],
      );
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out], [8, 2, 6, 0]);
    });
    it("twelfth probe: a form's sample address typed on several cards is nobody's: no row of its own, no invite to a stranger", async () => {
      const entries = [
        { name: 'Ann Lee', email: 'user@domain.com', phones: ['+1 415 555 0701'] },
        { name: 'Bob Roe', email: 'user@domain.com', phones: ['+1 415 555 0702'] },
        { email: 'user@domain.com' },
        { email: 'your@email.com' },
        { name: 'Cy Poe', email: 'cy@domain.com' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-12', source: { type: 'gmail', email: 'owner@example.com' }, entries, explain: 1 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: any) => [d.name, d.emails, d.phones]).sort(), [
        ['Ann Lee', [], ['+14155550701']],
        ['Bob Roe', [], ['+14155550702']],
        ['Cy Poe', ['cy@domain.com'], []],
      ]);
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        [
          [2, 'invalid'],
          [3, 'invalid'],
        ],
      );
      assertAddsUp(r.body.meta.cleaning);
    });
    it("thirteenth probe: the owner's full name on the owner's own number is the owner, left out as self; the spouse on it stays", async () => {
      const entries = [
        { name: 'Pat Owner', email: 'pat@work.example', phones: ['+1 415 555 0800'] },
        { name: 'Sam Owner', email: 'sam@mail.example', phones: ['+1 415 555 0801', '+1 415 555 0800'], times_contacted: 9 },
        { name: 'Ann Lee', email: 'ann@lee.example' },
      ];
      const source = { type: 'gmail', email: 'pat.owner@mail.example', name: 'Pat Owner', phone: '+14155550800' };
      const r = await api.post('/v0/address-book', { user_id: 'people-13', source, entries, explain: 1 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: any) => d.name).sort(), ['Ann Lee', 'Sam Owner']);
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]),
        [[0, 'self']],
      );
      assertAddsUp(r.body.meta.cleaning);
    });
    it('fourteenth probe: St and Saint, đ written dj, one person on one mobile each', async () => {
      const entries = [
        { name: 'Ann St. John', phones: ['+1 415 555 0901'] },
        { name: 'Ann Saint John', email: 'ann@stjohn.example', phones: ['(415) 555-0901'] },
        { name: 'Đorđe Petrović', phones: ['+381 64 123 4567'] },
        { name: 'Djordje Petrovic', email: 'djordje@petrovic.example', phones: ['+381641234567'] },
        { name: 'Nada Petrovic', phones: ['+381 64 765 4321', '+381 11 123 4567'] },
        { name: 'Nadja Petrovic', phones: ['+381647777777', '+381111234567'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-14', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      const byPhone = (p: string) => r.body.data.filter((d: any) => d.phones.includes(p));
      assert.deepEqual(byPhone('+14155550901')[0].emails, ['ann@stjohn.example'], JSON.stringify(rows));
      assert.deepEqual(byPhone('+381641234567')[0].emails, ['djordje@petrovic.example'], JSON.stringify(rows));
      assert.equal(byPhone('+381111234567').length, 2, JSON.stringify(rows));
      assert.equal(rows.length, 4, JSON.stringify(rows));
    });
    it('fifteenth probe: the name shown keeps its umlauts (Zoë Müller over Zoe Mueller)', async () => {
      const entries = [
        { name: 'Zoe Mueller', email: 'zoe@mueller.example', phones: ['+49 151 12345678'] },
        { name: 'Zoë Müller', email: 'zoe@mueller.example' },
        { name: 'Zoe Muller', phones: ['+4915112345678'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-15', source: { type: 'gmail', email: 'owner@example.com' }, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => d.name),
        ['Zoë Müller'],
      );
    });
    it('sixteenth probe: an Argentine mobile written with its 15 in the international form, a number with its calling code twice: the same mobile', async () => {
      const entries = [
        { name: 'Lucía Gómez', phones: ['+54 11 15 1234 5678'] },
        { name: 'Lucia Gomez', email: 'lucia@gomez.example', phones: ['+54 9 11 1234 5678'] },
        // The calling code typed twice.
        { name: 'Amy Pond', phones: ['+44 44 7911 123456'] },
        { name: 'Amy Pond', email: 'amy@pond.example', phones: ['07911 123456'] },
        // A Mexican mobile saved before 2019.
        { name: 'Lupe Ruiz', phones: ['044 55 1234 5678'] },
        { name: 'Guadalupe Ruiz', email: 'lupe@ruiz.example', phones: ['+52 55 1234 5678'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-16', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.emails, d.phones]),
        [
          ['Lucía Gómez', ['lucia@gomez.example'], ['+5491112345678']],
          ['Amy Pond', ['amy@pond.example'], ['+447911123456']],
          ['Guadalupe Ruiz', ['lupe@ruiz.example'], ['+525512345678']],
        ],
      );
    });
    it("a German mobile after the book's own calling code without '+', an Argentine number without the mobile 9: the same person's number, and two names stay two", async () => {
      const entries = [
        { name: 'Jonas Weber', phones: ['49 171 1234567'] },
        { name: 'Jonas Weber', email: 'jonas@weber.example', phones: ['+49 171 1234567'] },
        { name: 'Lucía Fernández', phones: ['+54 11 6123-4567'] },
        { name: 'Lucia Fernandez', email: 'lucia@fernandez.example', phones: ['+54 9 11 6123-4567'] },
        // Another name on the other reading is another person: the reading joins no one else.
        { name: 'Martín Gómez', phones: ['+54 9 11 6123-4568'] },
        { name: 'Sofía Díaz', phones: ['+54 11 6123-4568'] },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'people-16b', source: { type: 'ios', phone: '+49 30 1234567' }, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: any) => [d.name, d.emails, d.phones]).sort(), [
        ['Jonas Weber', ['jonas@weber.example'], ['+491711234567']],
        ['Lucía Fernández', ['lucia@fernandez.example'], ['+5491161234567']],
        ['Martín Gómez', [], ['+5491161234568']],
        ['Sofía Díaz', [], ['+541161234568']],
      ]);
    });
    it("seventeenth probe (top 10 of messy books): senders named as senders, received only, and the owner's own card named as the owner's address spells it, are left out and counted", async () => {
      const received = '2026-10-30T08:00:00Z';
      const entries = [
        { name: 'Daniel Scott', emails: ['Daniel.Scott@Googlemail.com'], times_contacted: 25, last_message_sent_date: '2026-10-31T08:00:00Z' },
        { name: 'Hearth Team', emails: ['love@hearth.store'], last_message_received_date: received },
        { name: 'Microsoft', emails: ['msa@communication.microsoft.com'], last_message_received_date: received },
        { name: 'Anna from Kindred', emails: ['anna@kindred.com'], last_message_received_date: received },
        { name: 'Kaffeekind', emails: ['bonjour@info.kaffeekind.it'], last_message_received_date: received },
        // People: a family name that is its domain's, received only; a desk the owner wrote to.
        { name: 'Hans Mueller', emails: ['hans@mueller.de'], last_message_received_date: received },
        { name: 'UPS', emails: ['mcinfo@ups.com'], last_message_received_date: received },
        { name: 'Renfe Club', emails: ['club@renfe.es'], times_contacted: 2, last_message_received_date: received },
        { name: 'Ana Ruiz', phones: ['+34 612 345 678'] },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'people-17',
        source: { type: 'gmail', email: 'daniel.scott@gmail.com' },
        entries,
        include_left_out: 1,
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: any) => d.name).sort(), ['Ana Ruiz', 'Hans Mueller', 'Renfe Club']);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.left_out_by_reason.self, 1, JSON.stringify(c));
      assert.equal(c.left_out_by_reason.bulk_sender, 5, JSON.stringify(c));
    });

    it('eighteenth probe (whole lists of messy books): a North American number with its trunk 1 and without, read with no region, is one; a note of where the owner knows someone from names no one', async () => {
      const user = 'people-18';
      // A Gmail export with only the owner's address; a phone whose owner's number is written at home:
      // neither names a region, so their national numbers are of no country.
      const a = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'owner@gmail.com' },
        entries: [{ name: 'Thomas Allen', emails: ['tallen@yahoo.com'], phones: ['1-512-262-8658'], times_contacted: 4 }],
      });
      assert.equal(a.status, 200, a.text);
      const b = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios', phone: '1-718-838-5685' },
        entries: [
          { name: 'Thomas Allen', phones: ['(512)262-8658'] },
          { name: 'Jan (trabajo)', phones: ['(303) 538-5808'] },
          { name: 'Jan Smit', emails: ['jan.smit@gmail.com'], phones: ['+1 303 538 5808'] },
          { name: 'Ann Lee', phones: ['(646) 734-1834'] },
        ],
      });
      assert.equal(b.status, 200, b.text);
      const got = await api.get(`/v0/address-book/${user}`);
      assert.equal(got.status, 200, got.text);
      assert.deepEqual(got.body.data.map((d: any) => d.name).sort(), ['Ann Lee', 'Jan Smit', 'Thomas Allen']);
      const thomas = got.body.data.find((d: any) => d.name === 'Thomas Allen');
      assert.deepEqual(thomas.emails, ['tallen@yahoo.com']);
      assert.equal(thomas.phones.length, 1, JSON.stringify(thomas.phones));
      assert.deepEqual(got.body.data.find((d: any) => d.name === 'Jan Smit').phones, ['+13035385808']);
      assertAddsUp(got.body.meta.cleaning);
    });

    it("nineteenth probe (pet forms): Franzi on Franziska's mobile and Uschi on Ursula's address and mobile are one row each; Andi and Andrea, each with a mobile beside the landline, stay two", async () => {
      const user = 'people-19';
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'owner@gmail.de', phone: '+49 170 0000001' },
        entries: [
          { name: 'Franziska Schwarz', emails: ['franziskas@gmail.com'], phones: ['0176 501 41351'], times_contacted: 5 },
          { name: 'Uschi Groß', emails: ['ursula.gross@vesuvio-srl.it'], phones: ['+4917933034618'] },
          { name: 'Andi Müller', phones: ['030 1234567', '0170 1111111'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const b = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios', phone: '+49 170 0000001' },
        entries: [
          { name: 'Franzi', phones: ['0176/50141351'] },
          { name: 'Ursula Groß', emails: ['ursula.gross@vesuvio-srl.it'], phones: ['+49-179-33034618'] },
          { name: 'Andrea Müller', phones: ['030 1234567', '0171 2222222'] },
        ],
      });
      assert.equal(b.status, 200, b.text);
      const got = await api.get(`/v0/address-book/${user}`);
      assert.equal(got.status, 200, got.text);
      const rows = got.body.data.map((d: any) => [d.name, d.emails, d.phones]);
      assert.equal(got.body.data.length, 4, JSON.stringify(rows));
      const withPhone = (p: string) => got.body.data.filter((d: any) => d.phones.includes(p));
      assert.equal(withPhone('+4917650141351').length, 1, JSON.stringify(rows));
      assert.deepEqual(withPhone('+4917650141351')[0].emails, ['franziskas@gmail.com']);
      assert.equal(withPhone('+4917933034618').length, 1, JSON.stringify(rows));
      assert.equal(withPhone('+49301234567').length, 2, JSON.stringify(rows));
      assert.equal(got.body.meta.cleaning.merged, 2, JSON.stringify(got.body.meta.cleaning));
      assertAddsUp(got.body.meta.cleaning);
    });

    it("the owner's own address beside other people's: each person kept, none reached at the owner's address; one number and one name are one row in any order", async () => {
      const src = { type: 'gmail', email: 'owner.person@gmail.com' };
      const a = await api.post('/v0/address-book', {
        user_id: 'owner-lists',
        source: src,
        entries: [
          { email: 'owner.person@gmail.com, Fay Zed <fay@z.example>', times_contacted: 2, last_message_sent_date: '2026-11-01' },
          { emails: ['hal@h.example', 'owner.person@gmail.com'], times_contacted: 3 },
          { emails: ['owner.person@gmail.com', 'ida@i.example'], times_contacted: 1 },
          { name: 'Gus Hill', emails: ['owner.person@gmail.com', 'gus@hill.example'] },
          { name: 'Owner Person', email: 'Owner.Person@gmail.com' },
        ],
      });
      assert.equal(a.status, 200, a.text);
      const rows = a.body.data.map((d: any) => d.emails);
      assert.deepEqual(rows.flat().sort(), ['fay@z.example', 'gus@hill.example', 'hal@h.example', 'ida@i.example'], JSON.stringify(rows));
      assert.equal(a.body.meta.cleaning.left_out_by_reason.self, 1, JSON.stringify(a.body.meta.cleaning));
      assertAddsUp(a.body.meta.cleaning);

      const X = { name: 'Ann Lee', phones: ['+14155550701'], times_contacted: 2 };
      const Y = { phones: ['+14155550701'], emails: ['shared@home.example'] };
      const Z = { name: 'Bob Roe', emails: ['shared@home.example'], times_contacted: 1 };
      const W = { name: 'Ann Lee', emails: ['ann@lee.example'], phones: ['+14155550701'] };
      for (const [i, order] of [
        [X, Y, Z, W],
        [Z, Y, X, W],
        [Y, Z, X, W],
      ].entries()) {
        const r = await api.post('/v0/address-book', { user_id: `order-${i}`, source: { type: 'ios', phone: '+14155550100' }, entries: order });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(r.body.data.map((d: any) => d.name).sort(), ['Ann Lee', 'Bob Roe'], `order ${i}`);
      }
    });

    it("the owner's family address: a father whose name and mailbox carry a generation the owner's lacks, or a relative's label with her own mobile, written to, is that person; two cards reading it, each with a key of its own, are not joined through it", async () => {
      const source = { type: 'gmail', email: 'smithfamily@gmail.com', name: 'John Smith', phone: '+1 415 555 0100' };
      const rows = async (user: string, entries: object[]) => {
        const r = await api.post('/v0/address-book', { user_id: user, source, entries, include_left_out: 1 });
        assert.equal(r.status, 200, r.text);
        assertAddsUp(r.body.meta.cleaning);
        return [r.body.data.map((d: any) => [d.name, d.emails, d.phones]), r.body.meta.cleaning.left_out_by_reason];
      };
      // The father, written to four times, on the family address and his own (a probe: left out as self).
      assert.deepEqual(
        await rows('fam-sr', [
          { name: 'John Smith Sr.', emails: ['jsmith.sr@aol.com'], times_contacted: 4 },
          { name: 'Dad', emails: ['smithfamily@gmail.com', 'jsmith.sr@aol.com'] },
        ]),
        [[['John Smith Sr.', ['jsmith.sr@aol.com'], []]], {}],
      );
      // The father at Gmail (a key without its dots: the mailbox is read as written), a relative's label
      // with her own mobile, starred.
      assert.deepEqual(
        await rows('fam-sr-gmail', [{ name: 'John Smith Sr', emails: ['smithfamily@gmail.com', 'john.smith.sr@gmail.com'], times_contacted: 4 }]),
        [[['John Smith Sr', ['john.smith.sr@gmail.com'], []]], {}],
      );
      assert.deepEqual(
        await rows('fam-mom', [{ name: 'Mom', emails: ['smithfamily@gmail.com'], phones: ['+1 212 555 0177'], is_favorite: 1, times_contacted: 2 }]),
        [[['Mom', ['smithfamily@gmail.com'], ['+12125550177']]], {}],
      );
      // The same label in another script (a probe: `Мама` was left out as the owner's own card).
      for (const [i, label] of ['Мама', 'お母さん', '엄마', '妈妈'].entries()) {
        assert.deepEqual(
          await rows(`fam-mom-${i}`, [{ name: label, emails: ['smithfamily@gmail.com'], phones: ['+1 212 555 0177'], is_favorite: 1, times_contacted: 2 }]),
          [[[label, ['smithfamily@gmail.com'], ['+12125550177']]], {}],
          label,
        );
      }
      // Jane with her mobile and `J. Smith` with a work address are not one row: Jane is never invited at it.
      const [jane] = await rows('fam-jane', [
        { name: 'Jane Smith', emails: ['smithfamily@gmail.com'], phones: ['+1 415 555 0901'], times_contacted: 3 },
        { name: 'J. Smith', emails: ['smithfamily@gmail.com', 'jsmith@work.example'] },
      ]);
      // (`J. Smith` with an address spelling the owner's name is the owner's own card.)
      assert.deepEqual(jane, [['Jane Smith', ['smithfamily@gmail.com'], ['+14155550901']]]);
      // The owner's own cards stay the owner's (a review found the first rule too wide): a work address
      // spelling the name, a mailbox of one word under a form of the name, a label of the owner's card, the
      // owner's full name word for word, a pet form, a household's mailbox; and a generation alone (the
      // owner's account name often lacks the owner's own `Jr`).
      for (const [i, e] of [
        { name: 'John Smith', emails: ['smithfamily@gmail.com', 'john.smith@work.example'], times_contacted: 2 },
        { name: 'John', emails: ['smithfamily@gmail.com', 'jsmith77@yahoo.com'], times_contacted: 2 },
        { name: 'John Smith', emails: ['smithfamily@gmail.com'], phones: ['+1 415 555 0903'], times_contacted: 2 },
        { name: 'Me', emails: ['smithfamily@gmail.com', 'john.work@acme.example'], is_favorite: 1 },
        { name: 'John Smith', emails: ['smithfamily@gmail.com', 'js.x@acme.example'], times_contacted: 3 },
        { name: 'Johnny Smith', emails: ['smithfamily@gmail.com', 'johnny.smith@acme.example'], times_contacted: 3 },
        { name: 'John', emails: ['smithfamily@gmail.com', 'smith.family@acme.example'], times_contacted: 3 },
        { name: 'John', emails: ['smithfamily@gmail.com', 'john@acme.example'], times_contacted: 3 },
        { name: 'John Smith Jr', emails: ['smithfamily@gmail.com'], phones: ['+1 415 555 0911'], times_contacted: 2 },
        // Another mailbox under a name that can be the owner's is the owner's own (a work address, a city):
        // `john.doe@` and the spouse's `jane.smith@` read the same, and stay the owner's (a trade-off,
        // docs/cleaning.md); `Mom` on the owner's own mobile, written nationally, is the owner's card.
        { name: 'Johnny', emails: ['smithfamily@gmail.com', 'jsmith-acme@acme.example'], times_contacted: 6 },
        { name: 'John', emails: ['smithfamily@gmail.com', 'john.nyc@acme.example'], times_contacted: 6 },
        { name: 'J Smith', emails: ['smithfamily@gmail.com', 'js.acme@acme.example'], times_contacted: 6 },
        { name: 'John', emails: ['smithfamily@gmail.com', 'john.doe@other.example'], times_contacted: 6 },
        { name: 'J Smith', emails: ['smithfamily@gmail.com', 'jane.smith@gmail.com'], times_contacted: 6 },
        { name: 'Mom', emails: ['smithfamily@gmail.com'], phones: ['(415) 555-0100'], times_contacted: 6 },
      ].entries()) {
        assert.deepEqual(await rows(`fam-self-${i}`, [e]), [[], { self: 1 }], JSON.stringify(e));
      }
    });
  });
}
