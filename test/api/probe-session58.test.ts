/**
 * HTTP probes of the fifty-eighth session, on each engine:
 * - a firm named by its industry at a domain that does not spell its name (`Turkish Airlines` from
 *   turkishairlines@thy.com), and a brand in capitals on its own mailbox (`OLX` from olx@olx.pl), received
 *   only, were ranked above the people of a book.
 * - an expo-contacts phone object's national number (`{number: "(415) 555-0123", countryCode: "us"}`) in a
 *   German book was read as a German number, and never met the same friend's `+1` card.
 * - `region` at the top of the body, beside `source`, was ignored with no did-you-mean.
 * - two people of one family on a mailbox were one row when the family name has a man's and a woman's form
 *   (`Piotr Kowalski`, `Anna Kowalska` on `kowalscy@`), is written first (`Wang Wei`, `Wang Fang`), or the
 *   given names are a man's and a woman's forms of one (`Mark`, `Mary`): the one written to most gone.
 * - no-reply mailboxes in Slovak, Romanian, Croatian, Portuguese, Polish and pinyin were first of a book.
 * - `jieun@hanmail.net` and `jieun@daum.net`, one Daum mailbox, were two rows.
 * - the owner's own name with umlauts spelt out or in Cyrillic, at another address, was first of the list.
 * - Ukraine's old `8 050 …` and Chile's old `09 …` in their own books stayed as written: two rows of one person.
 * - a Lagos landline in its old form beside the person's mobile vanished from the card without a word.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; phones: string[]; emails: string[] };
type Warning = { field: string; did_you_mean?: string; indexes?: number[] };

for (const engine of ENGINES) {
  describe(`probe of the fifty-eighth session on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a firm named by its industry, or a brand in capitals on its own mailbox, received only, ranks after the people; written to, as it scores', async () => {
      const people = Array.from({ length: 8 }, (_, i) => ({
        name: `Person ${String.fromCharCode(65 + i)} Example`,
        email: `p${i}.example@firma${i}.example`,
        last_message_received_date: '2026-10-01',
      }));
      const brands = [
        { name: 'Turkish Airlines', email: 'turkishairlines@thy.com' },
        { name: 'Pegasus Hava Yolları', email: 'pegasus@flypgs.com' },
        { name: 'OLX', email: 'olx@olx.pl' },
      ].map((b) => ({ ...b, last_message_received_date: '2026-11-20' }));
      const r = await api.post('/v0/address-book', { user_id: 'industry1', source: { type: 'gmail' }, entries: [...people, ...brands] });
      assert.equal(r.status, 200, r.text);
      const order = (r.body.data as Row[]).map((x) => x.emails[0]);
      assert.deepEqual(order.slice(0, 8).sort(), people.map((p) => p.email).sort());
      assert.deepEqual(order.slice(8).sort(), brands.map((b) => b.email).sort());
      // Written to, the same card ranks first; and a person whose family name is an industry's word, at
      // their own mailbox, ranks where they score.
      const w = await api.post('/v0/address-book', {
        user_id: 'industry2',
        source: { type: 'gmail' },
        entries: [
          ...people,
          { ...brands[0], times_contacted: 2, last_message_sent_date: '2026-11-19' },
          { name: 'Jan Bank', email: 'jan.bank@firma.nl', last_message_received_date: '2026-11-21' },
        ],
      });
      assert.equal(w.status, 200, w.text);
      assert.deepEqual(
        (w.body.data as Row[]).slice(0, 2).map((x) => x.emails[0]),
        ['turkishairlines@thy.com', 'jan.bank@firma.nl'],
      );
    });

    it("an expo-contacts phone object's national number is read in its countryCode's country, and meets the same person's international number", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'expo1',
        source: { type: 'ios', region: 'DE' },
        entries: [
          { name: 'Bob Friend', phoneNumbers: [{ number: '(415) 555-0123', digits: '4155550123', countryCode: 'us', label: 'mobile' }] },
          { name: 'Bob Friend', phones: ['+1 415 555 0123'], emails: ['bob@example.com'] },
          { name: 'Anna Lokal', phones: [{ number: '0151 23456789', countryCode: 'de', label: 'mobile' }] },
          // No countryCode, or one that names no country: read under the book's region, as before.
          { name: 'Carl Ohne', phones: [{ number: '030 1234567', label: 'home' }] },
          { name: 'Dora Falsch', phones: [{ number: '030 7654321', countryCode: 'zz' }] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = (r.body.data as Row[]).map((x) => [x.name, x.phones, x.emails]).sort();
      assert.deepEqual(rows, [
        ['Anna Lokal', ['+4915123456789'], []],
        ['Bob Friend', ['+14155550123'], ['bob@example.com']],
        ['Carl Ohne', ['+49301234567'], []],
        ['Dora Falsch', ['+49307654321'], []],
      ]);
      const warnings = r.body.meta.warnings as (Warning & { message: string })[];
      assert.ok(
        warnings.some((w) => w.field === 'entries[].phones' && w.message.includes('"countryCode" (DE)') && w.indexes?.includes(2)),
        JSON.stringify(warnings),
      );
    });

    it('a field of source given at the top of the body is named with its path as the did-you-mean', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'top-region',
        source: { type: 'android' },
        region: 'DE',
        country: 'DE',
        entries: [{ name: 'Anna Lokal', phones: ['0151 23456789'] }],
      });
      assert.equal(r.status, 200, r.text);
      const warnings = r.body.meta.warnings as Warning[];
      assert.equal(warnings.find((w) => w.field === 'region')?.did_you_mean, 'source.region', JSON.stringify(warnings));
      assert.equal(warnings.find((w) => w.field === 'country')?.did_you_mean, 'source.region', JSON.stringify(warnings));
      // A top-level name close to a top-level field still names that field.
      const t = await api.post('/v0/address-book', {
        user_id: 'top-typo',
        source: { type: 'android' },
        entris: [],
        entries: [{ name: 'A', phone: '+4915123456789' }],
      });
      assert.equal(t.status, 200, t.text);
      assert.equal((t.body.meta.warnings as Warning[]).find((w) => w.field === 'entris')?.did_you_mean, 'entries');
    });

    it('two people of one family on a mailbox stay two rows: gendered family names, the family name first, gendered given names; a maiden name stays one', async () => {
      const pairs = [
        ['Piotr Kowalski', 'Anna Kowalska', 'kowalscy@wp.pl'],
        ['Jan Novák', 'Jana Nováková', 'novakovi@seznam.cz'],
        ['Сергей Иванов', 'Ольга Иванова', 'ivanovy@mail.ru'],
        ['Wang Wei', 'Wang Fang', 'wangjia@163.com'],
        ['王伟', '王芳', 'wangjia@163.com'],
        ['Mark Brown', 'Mary Brown', 'brownhome@gmail.com'],
      ];
      for (const [i, [a, b, box]] of pairs.entries()) {
        const r = await api.post('/v0/address-book', {
          user_id: `fam-${i}`,
          source: { type: 'gmail' },
          entries: [
            { name: a, email: box, times_contacted: 5, last_message_sent_date: '2026-11-01' },
            { name: b, email: box, times_contacted: 3 },
          ],
        });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          (r.body.data as Row[]).map((x) => [x.name, x.emails]).sort(),
          [
            [a, [box]],
            [b, [box]],
          ].sort(),
          `${a} / ${b}`,
        );
        assert.equal(r.body.data[0].name, a, 'the one written to most first');
      }
      const m = await api.post('/v0/address-book', {
        user_id: 'fam-maiden',
        source: { type: 'gmail' },
        entries: [
          { name: 'Ann Smith', email: 'ann@gmail.com', times_contacted: 5 },
          { name: 'Ann Lee', email: 'ann@gmail.com', times_contacted: 3 },
        ],
      });
      assert.equal(m.status, 200, m.text);
      assert.equal(m.body.data.length, 1);
    });

    it("no-reply mailboxes in more languages are left out; Daum's two domains are one mailbox; the owner's name written another way ranks after the people", async () => {
      const people = Array.from({ length: 3 }, (_, i) => ({
        name: `Person ${String.fromCharCode(65 + i)} Example`,
        email: `p${i}@friends.example`,
        times_contacted: 2,
        last_message_sent_date: '2026-10-01',
      }));
      const noReply = [
        'neodpovedajte@slsp.sk',
        'nu-raspundeti@bancatransilvania.ro',
        'ne-odgovaraj@hpb.hr',
        'sem-resposta@cgd.pt',
        'brak-odpowiedzi@allegro.pl',
        'wuxuhuifu@service.example.cn',
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'more58',
        source: { type: 'gmail', email: 'owner@work.example', name: 'Jürgen Müller' },
        entries: [
          ...people,
          ...noReply.map((email) => ({ email, last_message_received_date: '2026-11-20' })),
          { name: '이지은', email: 'jieun@hanmail.net', times_contacted: 5 },
          { name: '이지은', email: 'jieun@daum.net', times_contacted: 3 },
          { name: 'Juergen Mueller', email: 'jm@gmx.example', times_contacted: 50, last_message_sent_date: '2026-11-20' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.deepEqual(
        rows.map((x) => x.emails[0]),
        ['jieun@hanmail.net', 'p0@friends.example', 'p1@friends.example', 'p2@friends.example', 'jm@gmx.example'],
      );
      // One mailbox: one address to invite, shown as first written.
      assert.deepEqual(rows[0]!.emails, ['jieun@hanmail.net']);
      assert.equal(rows[0]!.name, '이지은');
      assert.equal(r.body.meta.cleaning.left_out_by_reason.no_reply, noReply.length, JSON.stringify(r.body.meta.cleaning));
    });

    it("Ukraine's old 8 before 0XX and Chile's old 0 before a mobile are read in their own books and meet the person's international number", async () => {
      for (const [region, phone, old, e164] of [
        ['UA', '+380 50 123 4567', '8 050 765 4322', '+380507654322'],
        ['CL', '+56 9 1234 5678', '09 8765 4322', '+56987654322'],
      ]) {
        const r = await api.post('/v0/address-book', {
          user_id: `trunk-${region}`,
          source: { type: 'android', phone },
          entries: [
            { name: 'Олег Коваль', phones: [old] },
            { name: 'Олег Коваль', phones: [e164], emails: [`oleg.${region.toLowerCase()}@example.com`] },
          ],
        });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          (r.body.data as Row[]).map((x) => x.phones),
          [[e164]],
          region,
        );
      }
    });

    it('a number that reads as no phone number beside a number or an address is named in meta.warnings, as JSON and from a vCard; a card of only readable numbers gets no such warning', async () => {
      const message = /reads as no phone number/;
      const r = await api.post('/v0/address-book', {
        user_id: 'unread-json',
        source: { type: 'android', region: 'NG' },
        entries: [
          { name: 'Ada Obi', phones: ['08031234567'] },
          { name: 'Funmi Adeyemi', phones: ['08031234568', '01-2345678'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual((r.body.data as Row[]).map((x) => x.phones).sort(), [['+2348031234567'], ['+2348031234568']]);
      const w = (r.body.meta.warnings as (Warning & { message: string })[]).filter((x) => message.test(x.message));
      assert.deepEqual(
        w.map((x) => [x.field, x.indexes]),
        [['entries[].phones', [1]]],
      );
      const vcf = 'BEGIN:VCARD\r\nVERSION:2.1\r\nFN:Funmilayo Adeyemi\r\nTEL;CELL:08031234568\r\nTEL;WORK:01-2345678\r\nEND:VCARD\r\n';
      const f = await api.request('POST', '/v0/address-book-file?user_id=unread-vcf&region=NG', { raw: vcf, headers: { 'content-type': 'text/vcard' } });
      assert.equal(f.status, 200, f.text);
      assert.ok(
        (f.body.meta.warnings as { message: string }[]).some((x) => message.test(x.message)),
        JSON.stringify(f.body.meta.warnings),
      );
    });
  });
}
