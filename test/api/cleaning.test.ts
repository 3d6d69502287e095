/**
 * Issue #12 through the real HTTP API, on SQLite and PostgreSQL: every real person kept (unusual but
 * delivered addresses, extensions, evidence beats syntax), and what was cleaned said in meta (summary
 * whose counts add up, left-out listing, unknown-field warnings).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { rawRows } from '../storage/fixtures.ts';

const SOURCE = { type: 'gmail', email: 'owner@example.com', phone: '+14155550100' };

/** The issue's examples: each answered 200 with the person gone before. */
const ISSUE_ENTRIES = [
  { name: 'John Smith', email: 'j..smith@corp.example' },
  { name: 'Taro', email: 'taro.@docomo.ne.jp' },
  { name: 'Hana Yamada', email: 'hana..yamada@ezweb.ne.jp' },
  { name: 'John Quoted', email: '"john smith"@example.com' },
  { name: 'Pasted', email: 'addr@x.com;' },
  { name: 'Desk Line', phone: '+1 (415) 555-0123 ext 9' },
  { name: 'Typo', emial: 'typo@example.com', email: 'typo.person@example.com' },
];

/** read (+ the people lists of several people gave) = contacts + merged + left out, and the reasons add up to left out. */
function assertAddsUp(c: Record<string, any>) {
  assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
  const byReason = Object.values(c.left_out_by_reason as Record<string, number>).reduce((a, b) => a + b, 0);
  assert.equal(byReason, c.left_out, JSON.stringify(c));
  assert.ok(c.kept_without_address <= c.contacts);
}

for (const engine of ENGINES) {
  describe(`cleaning (issue #12) on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('keeps every person of the issue, shows each address as written (unwrapped), says nothing is left out', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'issue', source: SOURCE, entries: ISSUE_ENTRIES });
      assert.equal(r.status, 200, r.text);
      const byName = new Map(r.body.data.map((row: any) => [row.name, row]));
      assert.equal(byName.size, ISSUE_ENTRIES.length, JSON.stringify(r.body.data.map((d: any) => d.name)));
      assert.equal((byName.get('John Smith') as any).email, 'j..smith@corp.example');
      assert.equal((byName.get('Taro') as any).email, 'taro.@docomo.ne.jp');
      assert.equal((byName.get('Hana Yamada') as any).email, 'hana..yamada@ezweb.ne.jp');
      assert.equal((byName.get('John Quoted') as any).email, '"john smith"@example.com');
      assert.equal((byName.get('Pasted') as any).email, 'addr@x.com');
      assert.equal((byName.get('Desk Line') as any).phone, '+14155550123;ext=9');
      assert.equal((byName.get('Typo') as any).email, 'typo.person@example.com');
      const c = r.body.meta.cleaning;
      assert.deepEqual(c, { entries_read: 7, contacts: 7, merged: 0, left_out: 0, left_out_by_reason: {}, kept_without_address: 0, book_contacts: 7 });
      // The typo is named, with what it most likely means.
      assert.deepEqual(r.body.meta.warnings, [
        {
          field: 'entries[].emial',
          message: 'unknown field, ignored (kept with the raw upload); did you mean "email"?',
          count: 1,
          indexes: [6],
          did_you_mean: 'email',
        },
      ]);
      // The documented fields keep their documented types.
      for (const row of r.body.data) {
        assert.ok(row.email === null || typeof row.email === 'string');
        assert.ok(Array.isArray(row.emails) && Array.isArray(row.phones));
        assert.equal(typeof row.rank, 'number');
      }
    });

    it('probe: a person whose mailbox is a name on the role list, a notification word beside her name the owner writes to, a +tag of her own webmail mailbox: each kept; desks and robots still left out', async () => {
      const R = '2026-05-01T10:00:00Z';
      const entries = [
        { name: 'Sydney Park', email: 'sydney@gmail.com', last_message_received_date: R },
        { name: 'Per Olsen', email: 'per@olsen-bygg.no', last_message_received_date: R },
        { name: 'Tom Gardner', email: 'gardner@gardner-law.com', last_message_received_date: R },
        { email: 'sales@gmail.com', last_message_received_date: R },
        { name: 'Kim Lee', email: 'alerts.kim@acme.com', times_contacted: 5, last_message_sent_date: '2026-04-01T00:00:00Z' },
        { name: 'Ann Lee', email: 'ann.lee@gmail.com', phone: '+14155550123' },
        { name: 'Ann Lee', email: 'annlee+updates@gmail.com', times_contacted: 3 },
        { email: 'info@shop.example', last_message_received_date: R },
        { email: 'alerts.kim@other.example', last_message_received_date: R },
        { email: 'security-alerts@bank.example', times_contacted: 2 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'rolenames', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => d.name ?? d.email).sort();
      assert.deepEqual(rows, ['Ann Lee', 'Kim Lee', 'Per Olsen', 'Sydney Park', 'Tom Gardner']);
      assert.deepEqual(r.body.data.find((d: any) => d.name === 'Ann Lee').emails, ['ann.lee@gmail.com']); // her tagged address is hers (one mailbox)
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 3, reason: 'bulk_sender' }, // a desk, also at a webmail domain (support@proton.me is Proton's)
        { index: 7, reason: 'bulk_sender' },
        { index: 8, reason: 'notification' },
        { index: 9, reason: 'notification' },
      ]);
      assertAddsUp(r.body.meta.cleaning);
      assert.equal(r.body.meta.cleaning.merged, 1);
    });

    it('a direct line without its country (no region known) is someone to call: kept, shown as written, one person with its full spelling', async () => {
      // No owner phone, no KITH_DEFAULT_REGION: national numbers cannot be made E.164.
      const r = await api.post('/v0/address-book', {
        user_id: 'no-region-ext',
        source: { type: 'ios' },
        explain: 1,
        entries: [
          { name: 'Desk A', phone: '(415) 555-0124 ext 9' },
          { name: 'Desk B', phone: '415.555.0125 x12' },
          { name: 'Desk B', phone: '+1 415 555 0125 ext. 12' }, // the same line, in full, from another card
          { name: 'Board', phone: '(415) 555-0126' },
          { name: 'Board Desk', phone: '(415) 555-0126, 7' }, // a pause, then the extension
          { name: 'Not a line', phone: '555 12 x 9' }, // too few digits before the marker: nothing to call
        ],
      });
      assert.equal(r.status, 200, r.text);
      const byName = new Map(r.body.data.map((row: any) => [row.name, row]));
      assert.deepEqual((byName.get('Desk A') as any)?.phones, ['(415) 555-0124 ext 9']);
      // One person, one line: the national spelling names the full one, which is shown.
      assert.deepEqual((byName.get('Desk B') as any)?.phones, ['+14155550125;ext=12']);
      assert.deepEqual((byName.get('Board') as any)?.phones, ['(415) 555-0126']);
      assert.deepEqual((byName.get('Board Desk') as any)?.phones, ['(415) 555-0126, 7']);
      assert.equal(byName.has('Not a line'), false);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.contacts, 4);
      assert.equal(c.merged, 1);
      assert.deepEqual(c.left_out_by_reason, { nothing_to_invite: 1 });
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 5, reason: 'nothing_to_invite' }]);
    });

    it('a name before the address without brackets, a number in the e-mail field, an address in the phone field: each person kept', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'crossed-fields',
        source: SOURCE,
        explain: 1,
        entries: [
          { email: 'John Smith john5@x.example' },
          { name: 'Phone In Email', email: '+1 415 555 0132' },
          { name: 'Email In Phone', phone: 'eip5@x.example' },
          { name: 'A Date', email: '2024-01-05' }, // no one: left out, said why
          { name: 'lower words', email: 'ann smith@x.example' }, // no address guessed from it
        ],
      });
      assert.equal(r.status, 200, r.text);
      const byName = new Map(r.body.data.map((row: any) => [row.name, row]));
      assert.deepEqual((byName.get('John Smith') as any)?.emails, ['john5@x.example']);
      assert.deepEqual((byName.get('Phone In Email') as any)?.phones, ['+14155550132']);
      assert.deepEqual((byName.get('Phone In Email') as any)?.emails, []);
      assert.deepEqual((byName.get('Email In Phone') as any)?.emails, ['eip5@x.example']);
      assert.deepEqual((byName.get('Email In Phone') as any)?.phones, []);
      assert.equal(byName.has('A Date'), false);
      assert.equal(byName.has('lower words'), false);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.contacts, 3);
      assert.deepEqual(c.left_out_by_reason, { invalid: 2 });
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 3, reason: 'invalid' },
        { index: 4, reason: 'invalid' },
      ]);
    });

    it('an address typed in full-width mode is the person of its ASCII spelling: one contact, shown in ASCII', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'full-width',
        source: SOURCE,
        entries: [
          { name: 'Taro FW', email: '\uff54\uff41\uff52\uff4f\uff20\uff58\uff0e\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45', times_contacted: 3 }, // ｔａｒｏ＠ｘ．ｅｘａｍｐｌｅ
          { name: 'Taro', email: 'taro@x.example' },
          { name: 'Hana', email: '\u306f\u306a\uff20x.example' }, // はな＠x.example: a Unicode local part, kept as written
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 2);
      const taro = r.body.data.find((row: any) => row.emails.includes('taro@x.example'));
      assert.deepEqual(taro?.emails, ['taro@x.example']);
      const hana = r.body.data.find((row: any) => row.name === 'Hana');
      assert.deepEqual(hana?.emails, ['\u306f\u306a@x.example']);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.contacts, 2);
      assert.equal(c.merged, 1);
    });

    it('a number kept with its caller-ID code or a doubled plus is the person of its plain spelling', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'caller-id',
        source: SOURCE,
        entries: [
          { name: 'Hidden Caller', phone: '#31#+14155550153' },
          { name: 'Hidden Caller', phone: '+1 415 555 0153', email: 'hc@x.example' },
          { name: 'Double Plus', phone: '++1 415 555 0158' },
          { name: 'Only A Code', phone: '#31#' }, // no one: left out, said why
        ],
      });
      assert.equal(r.status, 200, r.text);
      const byName = new Map(r.body.data.map((row: any) => [row.name, row]));
      assert.deepEqual((byName.get('Hidden Caller') as any)?.phones, ['+14155550153']);
      assert.deepEqual((byName.get('Hidden Caller') as any)?.emails, ['hc@x.example']);
      assert.deepEqual((byName.get('Double Plus') as any)?.phones, ['+14155550158']);
      assert.equal(byName.has('Only A Code'), false);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.contacts, 2);
      assert.equal(c.merged, 1);
      assert.deepEqual(c.left_out_by_reason, { nothing_to_invite: 1 });
    });

    it('an address whose closing ">" was cut off, and a number spelled in letters, are their people', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'cut-and-spelled',
        source: SOURCE,
        entries: [
          { email: 'Bob Cutoff <bob.cutoff@x.example' }, // no name of its own: the one before the address
          { name: 'Bob C.', email: 'bob.cutoff@x.example', times_contacted: 2 },
          { name: 'Flower Shop', phone: '1-800-FLOWERS' },
          { name: 'Flower Shop', phone: '+1 800 356 9377', email: 'orders@flowers.example' },
          { name: 'A Note', phone: 'call me' }, // no number: left out, said why
        ],
      });
      assert.equal(r.status, 200, r.text);
      const byEmail = new Map(r.body.data.map((row: any) => [row.email, row]));
      const bob = byEmail.get('bob.cutoff@x.example') as any;
      assert.deepEqual(bob?.emails, ['bob.cutoff@x.example']);
      assert.ok(['Bob C.', 'Bob Cutoff'].includes(bob?.name), bob?.name);
      assert.deepEqual((byEmail.get('orders@flowers.example') as any)?.phones, ['+18003569377']);
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      assert.equal(c.contacts, 2);
      assert.equal(c.merged, 2);
      assert.deepEqual(c.left_out_by_reason, { nothing_to_invite: 1 });
    });

    it('a times_contacted beyond any real count (a timestamp in the wrong field) is no count: unknown, named in meta.warnings, and the key index still follows', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'huge-count',
        source: SOURCE,
        entries: [
          { name: 'Bob Count', email: 'bob.count@example.com', times_contacted: 40 },
          { name: 'Ann Count', email: 'ann.count@example.com', times_contacted: 1e12 },
          { name: 'Cy Count', email: 'cy.count@example.com', times_contacted: 2 ** 31 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      // Read as 1,000,000 (as it was), such a count outranked every real one (a probe: a stranger first).
      assert.deepEqual(
        r.body.data.map((row: any) => row.name),
        ['Bob Count', 'Ann Count', 'Cy Count'],
      );
      assert.equal(r.body.data[1].score, r.body.data[2].score, 'both counts read as unknown');
      const w = r.body.meta.warnings.find((x: any) => x.field === 'entries[].times_contacted');
      assert.equal(w.count, 2, JSON.stringify(r.body.meta.warnings));
      assert.deepEqual(w.indexes, [1, 2]);
      // On PostgreSQL the key index's integer column ends at 2^31 - 1: such a count failed every index round.
      await api.storage.flushIndex();
      const rows = (await rawRows(api.url, 'contact_keys')).filter((k) => String(k.key).includes('count@example.com'));
      assert.deepEqual(
        rows.map((k) => Number(k.times)).sort((a, b) => a - b),
        [0, 0, 40],
      );
    });

    it('a number past the last date is no date: a 400 naming the field, in an upload and in a record, and nothing stored', async () => {
      // On PostgreSQL such a date was stored (200), then failed every key-index round, of every app.
      const r = await api.post('/v0/address-book', {
        user_id: 'far-date',
        source: SOURCE,
        entries: [
          { name: 'Far Sent', email: 'far.sent@example.com', last_message_sent_date: 1e20 },
          { name: 'Far Received', email: 'far.received@example.com', last_message_received_date: '100000000000000000000' },
        ],
      });
      assert.equal(r.status, 400, r.text);
      assert.deepEqual(
        r.body.details.map((d: any) => d.field),
        ['entries[0].last_message_sent_date', 'entries[1].last_message_received_date'],
      );
      assert.equal((await api.get('/v0/address-book/far-date')).status, 404);
      for (const [path, field] of [
        ['/v0/invites-sent', 'sent_at'],
        ['/v0/suggested-seen', 'seen_at'],
        ['/v0/invites-accepted', 'accepted_at'],
      ] as const) {
        const bad = await api.post(path, {
          entries: [{ user_id: 'far-date', email: 'far.sent@example.com', emails: ['far.sent@example.com'], [field]: 1e20 }],
        });
        assert.equal(bad.status, 400, `${path}: ${bad.text}`);
        assert.equal(bad.body.details[0].field, `entries[0].${field}`);
      }
    });

    it('a number written without its country code, from a source with no region, is one contact with its full form (+353, +420)', async () => {
      const user = 'national';
      // Gmail knows the numbers in full; an Android export with no region wrote them as dialled at home.
      const gmail = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'owner@example.com' },
        entries: [
          { name: 'Saoirse Kelly', email: 'saoirse@example.ie', phone: '+353 86 395 5635', times_contacted: 4 },
          { name: 'Lucie Novák', email: 'lucie@example.cz', phone: '+420 771 186 280', times_contacted: 2 },
        ],
      });
      assert.equal(gmail.status, 200, gmail.text);
      const android = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'android' },
        entries: [
          { name: 'Kelly, Saoirse', phones: ['086 395 5635'] },
          { name: 'Novák, Lucie', phones: ['771 186 280'] },
        ],
      });
      assert.equal(android.status, 200, android.text);
      assert.deepEqual(android.body.data.map((d: any) => [d.email, d.phones]).sort(), [
        ['lucie@example.cz', ['+420771186280']],
        ['saoirse@example.ie', ['+353863955635']],
      ]);
      assert.equal(android.body.meta.cleaning.book_contacts, 2);
    });

    it("a number saved abroad (another country's national form) is kept as written and joins the person's full number", async () => {
      const user = 'abroad';
      // A US owner: the phone book holds friends saved while living in the UK and in France, without +44 / +33.
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'android', phone: '+1 415 555 0100' },
        entries: [
          { name: 'Amelia Hughes', phone: '07911 123456' },
          { name: 'Amelia Hughes', email: 'amelia@example.co.uk', phone: '+44 7911 123456' },
          { name: 'Camille Martin', phone: '06 12 34 56 78' },
          { name: 'Local Plumber', phone: '(415) 555-0199' },
          // Brazilian mobiles are written without the trunk 0: longer than any US number.
          { name: 'Ana Souza', phone: '(31) 93502-4155' },
          { name: 'Ana Souza', email: 'ana@example.com.br', phone: '+55 31 93502-4155' },
          { name: 'Bia Lima', phone: '(21) 98765-4321' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = new Map(r.body.data.map((d: any) => [d.name, d.phones]));
      assert.deepEqual(rows.get('Amelia Hughes'), ['+447911123456'], 'one person, shown with the full number');
      assert.deepEqual(rows.get('Camille Martin'), ['06 12 34 56 78'], 'shown as written: no made-up +1 number');
      assert.deepEqual(rows.get('Local Plumber'), ['+14155550199']);
      assert.deepEqual(rows.get('Ana Souza'), ['+5531935024155'], 'one person, shown with the full number');
      assert.deepEqual(rows.get('Bia Lima'), ['(21) 98765-4321'], 'kept as written: someone to call, not left out');
      assert.equal(r.body.data.length, 5);
      assert.equal(r.body.meta.cleaning.left_out, 0, 'nobody left out');
      const got = await api.get(`/v0/address-book/${user}`);
      assert.deepEqual(got.body.data.map((d: any) => d.name).sort(), ['Amelia Hughes', 'Ana Souza', 'Bia Lima', 'Camille Martin', 'Local Plumber']);
    });

    it('the same person written in Unicode and punycode, or with a wrapper, is one contact', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'idn',
        source: SOURCE,
        entries: [
          { name: 'Zoë', email: 'zoë@bücher.example' },
          { email: 'Zoë <ZOË@xn--bcher-kva.example>' },
          { name: 'J', email: 'mailto:J..Smith@corp.example.' },
          { name: 'J', email: 'j..smith@corp.example' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 2);
      assert.equal(r.body.meta.cleaning.merged, 2);
      assertAddsUp(r.body.meta.cleaning);
    });

    it('what people type and paste is read as the address: invisible characters, full-width @, SMTP:, spaces around @, Name [addr]', async () => {
      const forms = ['ann@x.example\u200b', 'SMTP:bo@x.example', 'cy\uff20x.example', 'di @ x.example', 'Ed Lee [ed@x.example]', "'.'fay@x.example"];
      const r = await api.post('/v0/address-book', {
        user_id: 'pasted',
        source: SOURCE,
        entries: [
          ...forms.map((email) => ({ email })),
          { name: 'Ann', email: 'ann@x.example' },
          { name: 'Gus', phone: 'tel:+1-415-555-0123' },
          { name: 'Gus', phone: "'+14155550123" },
          { name: 'Hal', phone: 'Mobile: +44 7700 900123' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const emails = r.body.data
        .map((row: any) => row.email)
        .filter((e: string | null) => e !== null)
        .sort();
      const phones = r.body.data
        .map((row: any) => row.phone)
        .filter((p: string | null) => p !== null)
        .sort();
      assert.deepEqual(phones, ['+14155550123', '+447700900123']);
      assert.deepEqual(emails, ["'.'fay@x.example", 'ann@x.example', 'bo@x.example', 'cy@x.example', 'di@x.example', 'ed@x.example']);
      assert.equal(r.body.meta.cleaning.left_out, 0);
      assert.equal(r.body.meta.cleaning.merged, 2, 'the pasted ann (zero-width space) is the clean one; the two spellings of Gus are one');
      assertAddsUp(r.body.meta.cleaning);
    });

    it('a card with no name and nothing to write to is left out whatever its counts; sending the book again adds no row nor moves a score', async () => {
      const entries = [
        { times_contacted: 5 },
        { is_favorite: 1 },
        { pinned: 2 },
        { data: { crm: 1 }, last_message_sent_date: '2026-11-01T00:00:00Z' },
        { email: 'n/a', times_contacted: 4 },
        { name: 'Amy', email: 'amy@x.example' },
      ];
      const body = { user_id: 'nameless', source: SOURCE, entries, include_left_out: 1 };
      const r = await api.post('/v0/address-book', body);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.email, d.unusable?.emails ?? null]),
        [
          [null, null, ['n/a']],
          ['Amy', 'amy@x.example', null],
        ],
      );
      assert.deepEqual(
        r.body.meta.left_out_entries,
        [0, 1, 2, 3].map((index) => ({ index, reason: 'nothing_to_invite' })),
      );
      const again = await api.post('/v0/address-book', body);
      assert.equal(again.status, 200, again.text);
      assert.deepEqual(
        again.body.data.map((d: any) => [d.name, d.score]),
        r.body.data.map((d: any) => [d.name, d.score]),
      );
      const g = await api.get('/v0/address-book/nameless');
      assert.equal(g.body.data.length, 2);
      assertAddsUp(g.body.meta.cleaning);
      assert.deepEqual([g.body.meta.cleaning.contacts, g.body.meta.cleaning.kept_without_address], [2, 1]);
    });

    it('evidence beats syntax: a person written to with no usable address is kept and marked; garbage without evidence is left out and listed', async () => {
      const entries = [
        { name: 'Written To', email: 'j smith at corp', times_contacted: 9, last_message_sent_date: '2026-10-01T00:00:00Z' },
        { name: 'Starred', is_favorite: 1 },
        { name: 'Garbage', email: 'not an address' },
        { name: 'Empty' },
        { name: 'Shop', email: 'no-reply@shop.example', times_contacted: 3 },
        { name: 'Ann', email: 'ann@example.org' },
        { name: 'Ann', email: 'ANN@example.org' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'evidence', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const names = r.body.data.map((d: any) => d.name).sort();
      assert.deepEqual(names, ['Ann', 'Starred', 'Written To']);
      const kept = r.body.data.find((d: any) => d.name === 'Written To');
      assert.deepEqual(kept.unusable, { reason: 'invalid', emails: ['j smith at corp'] });
      assert.equal(kept.email, null); // never shown as an address a client would send to
      assert.equal(r.body.data.find((d: any) => d.name === 'Ann').unusable, undefined);
      assert.deepEqual(r.body.meta.cleaning, {
        entries_read: 7,
        contacts: 3,
        merged: 1,
        left_out: 3,
        left_out_by_reason: { invalid: 1, no_reply: 1, nothing_to_invite: 1 },
        kept_without_address: 2,
        book_contacts: 3,
      });
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 2, reason: 'invalid' },
        { index: 3, reason: 'nothing_to_invite' },
        { index: 4, reason: 'no_reply' },
      ]);

      // GET: the whole book's summary; the listing (on request) names each upload's batch and index.
      const second = await api.post('/v0/address-book', { user_id: 'evidence', source: SOURCE, entries: [{ email: '@nowhere' }], backfill: 1 });
      assert.equal(second.status, 200, second.text);
      assert.deepEqual(second.body.meta.cleaning, {
        entries_read: 1,
        contacts: 0,
        merged: 0,
        left_out: 1,
        left_out_by_reason: { invalid: 1 },
        kept_without_address: 0,
      });
      assert.equal(second.body.meta.left_out_entries, undefined); // not asked for
      const g = await api.get('/v0/address-book/evidence?include_left_out=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(g.body.meta.cleaning, {
        entries_read: 8,
        contacts: 3,
        merged: 1,
        left_out: 4,
        left_out_by_reason: { invalid: 2, no_reply: 1, nothing_to_invite: 1 },
        kept_without_address: 2,
      });
      assert.deepEqual(g.body.meta.left_out_entries, [
        { index: 2, batch_id: r.body.batch_id, reason: 'invalid' },
        { index: 3, batch_id: r.body.batch_id, reason: 'nothing_to_invite' },
        { index: 4, batch_id: r.body.batch_id, reason: 'no_reply' },
        { index: 0, batch_id: second.body.batch_id, reason: 'invalid' },
      ]);
      // Without the option, no listing; the summary is always there.
      const plain = await api.get('/v0/address-book/evidence');
      assert.equal(plain.body.meta.left_out_entries, undefined);
      assert.equal(plain.body.meta.cleaning.entries_read, 8);
      assert.equal((await api.get('/v0/address-book/evidence?include_left_out=maybe')).status, 400);

      // A later upload's summary is of that upload alone; book_contacts counts the whole book.
      const third = await api.post('/v0/address-book', {
        user_id: 'evidence',
        source: SOURCE,
        include_left_out: 1,
        entries: [{ name: 'Ann', email: 'ann@EXAMPLE.org' }, { name: 'Cy', email: 'cy@example.net' }, { email: 'bounce@mail.example' }],
      });
      assert.equal(third.status, 200, third.text);
      assert.deepEqual(third.body.meta.cleaning, {
        entries_read: 3,
        contacts: 2,
        merged: 0,
        left_out: 1,
        left_out_by_reason: { bounce: 1 },
        kept_without_address: 0,
        book_contacts: 4,
      });
      assert.deepEqual(third.body.meta.left_out_entries, [{ index: 2, reason: 'bounce' }]);
    });

    it('unusable strings of any content are stored safely and shown bounded (NUL, lone surrogate, very long)', async () => {
      const long = 'x'.repeat(5000);
      const r = await api.post('/v0/address-book', {
        user_id: 'odd',
        source: SOURCE,
        entries: [
          { name: 'A', email: 'a\u0000b', times_contacted: 1 },
          { name: 'B', email: '\ud800 x', is_favorite: 1 },
          { name: 'C', email: long, pinned: 1 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const g = await api.get('/v0/address-book/odd');
      assert.equal(g.status, 200, g.text);
      const byName = new Map(g.body.data.map((d: any) => [d.name, d.unusable.emails[0]]));
      assert.equal(byName.get('A'), 'a\u0000b');
      assert.equal((byName.get('C') as string).length, 320);
      assert.equal(g.body.meta.cleaning.kept_without_address, 3);
    });

    it('unknown fields: top level, source and entries, aggregated and bounded on a big upload', async () => {
      const entries = Array.from({ length: 2000 }, (_, i) => ({ name: `P ${i}`, emial: `p${i}@example.com`, [`x_${i}`]: 1, email: `p${i}@example.com` }));
      const r = await api.post('/v0/address-book', { user_id: 'typos', source: { ...SOURCE, nmae: 'Owner' }, entries, limti: 5, backfill: 1 });
      assert.equal(r.status, 200, r.text);
      const w = r.body.meta.warnings as any[];
      assert.ok(w.length <= 3 + 21, `${w.length} warnings`);
      assert.deepEqual(
        w.find((x) => x.field === 'limti'),
        { field: 'limti', message: 'unknown field, ignored (kept with the raw upload); did you mean "limit"?', count: 1, did_you_mean: 'limit' },
      );
      assert.equal(w.find((x) => x.field === 'source.nmae')?.did_you_mean, 'name');
      const typo = w.find((x) => x.field === 'entries[].emial');
      assert.equal(typo.count, 2000);
      assert.deepEqual(typo.indexes, [0, 1, 2, 3, 4]);
      const rest = w.find((x) => x.field === 'entries[].*');
      assert.ok(rest && rest.count > 1900, JSON.stringify(rest));
      assertAddsUp(r.body.meta.cleaning);
    });

    it('the OpenAPI document describes the new meta fields', async () => {
      const doc = (await api.get('/v0/openapi.json')).body;
      const text = JSON.stringify(doc);
      for (const f of ['left_out_by_reason', 'left_out_entries', 'did_you_mean', 'include_left_out', 'kept_without_address', 'unusable']) {
        assert.ok(text.includes(`"${f}"`), f);
      }
    });

    it('an Exchange-encapsulated address is the person it carries; a long local part is kept; a label is no name', async () => {
      const imcea = 'IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Eexample+3E+40CORP@corp.example';
      const long = `${'l'.repeat(80)}@corp.example`;
      const entries = [
        { email: imcea, times_contacted: 4 },
        { email: 'ann.lee@corp.example', last_message_received_date: '2026-09-01T00:00:00Z' },
        { email: long },
        { email: 'e-mail <bo@corp.example>' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'imcea', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.data.length, 3, JSON.stringify(r.body.data));
      const ann = r.body.data.find((row: any) => row.emails.includes(imcea));
      assert.ok(ann, JSON.stringify(r.body.data));
      assert.deepEqual([...ann.emails].sort(), ['ann.lee@corp.example', imcea].sort());
      assert.equal(ann.name, 'Lee, Ann');
      assert.ok(r.body.data.some((row: any) => row.email === long));
      const bo = r.body.data.find((row: any) => row.email === 'bo@corp.example');
      assert.equal(bo?.name ?? null, null);
      assert.deepEqual(r.body.meta.cleaning, {
        entries_read: 4,
        contacts: 3,
        merged: 1,
        left_out: 0,
        left_out_by_reason: {},
        kept_without_address: 0,
        book_contacts: 3,
      });
      assertAddsUp(r.body.meta.cleaning);
      // GET reads back what POST answered.
      const g = await api.get('/v0/address-book/imcea');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((row: any) => [...row.emails].sort()),
        r.body.data.map((row: any) => [...row.emails].sort()),
      );
    });

    it('an address with a Notes route is the person it names, merged with the plain address, both shown', async () => {
      const routed = 'jo.ng@corp.example@CORP';
      const entries = [
        { email: `Jo Ng <${routed}>`, times_contacted: 6 },
        { email: 'jo.ng@corp.example', last_message_received_date: '2026-09-01T00:00:00Z' },
        { email: 'al@corp.example@relay.example', times_contacted: 1 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'notes-route', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const jo = r.body.data.find((row: any) => row.emails.includes(routed));
      assert.ok(jo, JSON.stringify(r.body.data));
      assert.deepEqual(jo.emails, ['jo.ng@corp.example', routed], 'the plain address first');
      assert.equal(jo.name, 'Jo Ng');
      // A route with a dot is no Notes domain: not read, and the person written to is kept all the same.
      assert.equal(r.body.data.length, 2, JSON.stringify(r.body.data));
      assert.equal(r.body.meta.cleaning.merged, 1);
      assert.equal(r.body.meta.cleaning.kept_without_address, 1);
      assertAddsUp(r.body.meta.cleaning);
      const g = await api.get('/v0/address-book/notes-route');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((row: any) => row.emails),
        r.body.data.map((row: any) => row.emails),
      );
    });

    it('a name written as mail software writes a sender is shown as the name, and merges with its plain spelling', async () => {
      // Two sources of one owner: the mail client's cards hold header text in the name, the phone's the
      // plain names, on shared landlines (names veto a merge on a shared number when they disagree).
      const mail = [
        { name: '=?iso-8859-1?B?Sm9y52UgTvpuZXo=?=', phones: ['+1 415 555 0161'], times_contacted: 9 },
        { name: '"Dasovich, Jeff" <jeff.dasovich@corp.example>', emails: ['jeff.dasovich@corp.example'], phones: ['+1 415 555 0162'], times_contacted: 8 },
        { name: 'Kim Ward/HOU/ECT@ECT', phones: ['+1 415 555 0163'], times_contacted: 7 },
        { name: "'Ann Lee'", phones: ['+1 415 555 0164'], times_contacted: 6 },
      ];
      const phone = [
        { name: 'Jorçe Núnez', phones: ['(415) 555-0161'] },
        { name: 'Jeff Dasovich', phones: ['(415) 555-0162'] },
        { name: 'Kim Ward', phones: ['(415) 555-0163'] },
        { name: 'Ann Lee', phones: ['(415) 555-0164'] },
      ];
      const a = await api.post('/v0/address-book', { user_id: 'header-names', source: SOURCE, entries: mail });
      assert.equal(a.status, 200, a.text);
      assert.deepEqual(
        a.body.data.map((row: any) => row.name),
        ['Jorçe Núnez', 'Dasovich, Jeff', 'Kim Ward', 'Ann Lee'],
      );
      const b = await api.post('/v0/address-book', { user_id: 'header-names', source: { type: 'ios', phone: '+14155550100' }, entries: phone });
      assert.equal(b.status, 200, b.text);
      assert.equal(b.body.data.length, 4, JSON.stringify(b.body.data.map((row: any) => row.name)));
      assert.deepEqual(new Set(b.body.data.map((row: any) => row.phone)), new Set(['+14155550161', '+14155550162', '+14155550163', '+14155550164']));
      assert.equal(b.body.meta.cleaning.book_contacts, 4);
      const g = await api.get('/v0/address-book/header-names');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((row: any) => [row.name, row.phone]),
        b.body.data.map((row: any) => [row.name, row.phone]),
      );
    });

    it('one mailbox under labels that are no form of the name is one row, over sources; a family mailbox stays two people', async () => {
      // The phone calls her Mum, an old card keeps her maiden name; every card holds her one address.
      const phone = [
        { name: 'Mum', emails: ['ann.lee@example.org'], phones: ['(415) 555-0171'], is_favorite: 1 },
        { name: 'Ray Moss', emails: ['ray@example.org'], phones: ['(415) 555-0172'] },
        { name: 'Ray Moss', emails: ['moss.family@example.net'], phones: ['(415) 555-0172'] },
        { name: 'Dee Moss', emails: ['moss.family@example.net'], phones: ['(415) 555-0173'] },
      ];
      const mail = [
        { name: 'Ann Lee', email: 'Ann.Lee@example.org', times_contacted: 12 },
        { name: 'Ann Smith', email: 'ann.lee@example.org', times_contacted: 2 },
        { name: 'Ann Lee', phone: '+1 415 555 0171' },
      ];
      const a = await api.post('/v0/address-book', { user_id: 'one-mailbox', source: { type: 'ios', phone: '+14155550100' }, entries: phone });
      assert.equal(a.status, 200, a.text);
      const b = await api.post('/v0/address-book', { user_id: 'one-mailbox', source: SOURCE, entries: mail });
      assert.equal(b.status, 200, b.text);
      const rows = b.body.data.map((row: any) => [row.emails, row.phones]);
      assert.deepEqual(
        rows.filter((r: any) => r[0].includes('ann.lee@example.org')),
        [[['ann.lee@example.org'], ['+14155550171']]],
        'one row holds her mailbox',
      );
      // Ray and Dee share a home address, each with a number of their own: two people.
      assert.equal(rows.filter((r: any) => r[0].includes('moss.family@example.net')).length, 2, JSON.stringify(rows));
      assert.equal(b.body.meta.cleaning.book_contacts, 3);
      assertAddsUp(b.body.meta.cleaning);
      const g = await api.get('/v0/address-book/one-mailbox');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        g.body.data.map((row: any) => [row.name, row.emails, row.phones]),
        b.body.data.map((row: any) => [row.name, row.emails, row.phones]),
      );
    });

    it('a family on one landline stays its people (Mr and Mrs Smith, Mrs Smith beside John Smith); one name in its spellings is one row', async () => {
      const entries = [
        { name: 'John Smith', phone: '(415) 555-0180', times_contacted: 4 },
        { name: 'Mrs Smith', phone: '+1 415 555 0180' },
        { name: 'Mr. Lee', phones: ['(415) 555-0181'], email: 'lee@x.example' },
        { name: 'Mrs. Lee', phones: ['(415) 555-0181'], email: 'mrs.lee@y.example' },
        { name: 'مُحَمَّد', phone: '(415) 555-0182', email: 'm@z.example' },
        { name: 'محمد', phone: '+14155550182' },
        { name: '山田さん', phone: '(415) 555-0183' },
        { name: '山田 太郎', phone: '+14155550183', times_contacted: 1 },
        { name: 'Ann Lee ❤️', phone: '(415) 555-0184' },
        { name: 'Ann Lee - Acme', phone: '+14155550184' },
        { name: '“Ann Lee”', phone: '+14155550184', times_contacted: 2 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'family-landline', source: { type: 'ios', phone: '+14155550100' }, entries });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((row: any) => [row.name, row.emails, row.phones]).sort((a: any, b: any) => a[0].localeCompare(b[0]));
      assert.deepEqual(rows, [
        ['Ann Lee', [], ['+14155550184']],
        ['John Smith', [], ['+14155550180']],
        ['Mr. Lee', ['lee@x.example'], ['+14155550181']],
        ['Mrs Smith', [], ['+14155550180']],
        ['Mrs. Lee', ['mrs.lee@y.example'], ['+14155550181']],
        ['مُحَمَّد', ['m@z.example'], ['+14155550182']],
        ['山田 太郎', [], ['+14155550183']],
      ]);
      assert.equal(r.body.meta.cleaning.merged, 4);
      assertAddsUp(r.body.meta.cleaning);
      // The same cards in the reverse order: the same people.
      const back = await api.post('/v0/address-book', {
        user_id: 'family-landline-2',
        source: { type: 'ios', phone: '+14155550100' },
        entries: [...entries].reverse(),
      });
      assert.equal(back.status, 200, back.text);
      assert.deepEqual(
        back.body.data.map((row: any) => [row.name, row.emails, row.phones]).sort((a: any, b: any) => a[0].localeCompare(b[0])),
        rows,
      );
    });

    it('forwarded, escaped and spelled forms reach their person; brand senders that only sent are left out, people at look-alike domains kept', async () => {
      const entries = [
        { name: 'Ann Lee', email: 'ann@x.example', times_contacted: 3 },
        { email: 'SRS0=abcd=XY=x.example=ann@fwd.example.org', times_contacted: 2 }, // forwarded: Ann
        { name: 'Bo Kim', email: '&lt;bo@y.example&gt;', times_contacted: 1 },
        { name: 'Sean O&#39;Brien', email: 'sean@z.example' },
        { name: 'Dee Fox', email: 'dee@w.example and dee.fox@v.example' },
        { name: 'Flowers', phone: '1-800-FLOWERS' },
        { name: 'Flowers', phone: '+1 800 356 9377' },
        { name: 'Cy Do', phone: 'tel:4155550136;phone-context=+1' },
        { name: 'Cy Do', email: 'cy@u.example', phone: '+14155550136' },
        { email: 'target@em.target.com', last_message_received_date: '2026-05-01T00:00:00Z' }, // only ever sent
        { email: 'reply@helpscout.net', last_message_received_date: '2026-05-02T00:00:00Z' },
        { name: 'John Smith', email: 'john@smith.example', last_message_received_date: '2026-05-03T00:00:00Z' },
        { name: 'Jane Roe', email: 'jane.roe@mail.mcgill.ca', last_message_received_date: '2026-05-04T00:00:00Z' },
      ];
      // No owner phone: no region, as a web client that knows only the account's address.
      const r = await api.post('/v0/address-book', { user_id: 'forms', source: { type: 'gmail', email: 'owner@example.com' }, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = new Map(r.body.data.map((row: any) => [row.name, [row.emails, row.phones]]));
      assert.deepEqual(rows.get('Ann Lee'), [['ann@x.example'], []]);
      assert.deepEqual(rows.get('Bo Kim'), [['bo@y.example'], []]);
      assert.deepEqual(rows.get("Sean O'Brien"), [['sean@z.example'], []]);
      assert.deepEqual(rows.get('Dee Fox'), [['dee@w.example', 'dee.fox@v.example'], []]);
      // One row: the number spelled in letters names the full number, which is shown.
      assert.deepEqual(rows.get('Flowers'), [[], ['+18003569377']]);
      assert.deepEqual(rows.get('Cy Do'), [['cy@u.example'], ['+14155550136']]);
      assert.ok(rows.has('John Smith') && rows.has('Jane Roe'), JSON.stringify([...rows.keys()]));
      assert.equal(r.body.data.length, 8, JSON.stringify([...rows.keys()]));
      assert.deepEqual(r.body.meta.left_out_entries, [
        { index: 9, reason: 'bulk_sender' },
        { index: 10, reason: 'relay' },
      ]);
      assertAddsUp(r.body.meta.cleaning);
      assert.equal(r.body.meta.cleaning.merged, 3);
    });

    it('an address pasted from HTML, a URL or a cut CSV cell reaches the person, merged with the plain spelling', async () => {
      const pasted = [
        '<a href="mailto:kim@corp.example">Kim Ito</a>',
        'kim@corp.example</td>',
        'kim%40corp.example',
        'kim@corp.example?subject=Hello',
        '"kim@corp.example',
        'Kim Ito <kim @corp.example>',
      ];
      const entries = [{ name: 'Kim Ito', email: 'kim@corp.example' }, ...pasted.map((email, i) => ({ email, times_contacted: i + 1 }))];
      const r = await api.post('/v0/address-book', { user_id: 'pasted-html', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((row: any) => [row.name, row.emails]),
        [['Kim Ito', ['kim@corp.example']]],
      );
      assert.deepEqual(r.body.meta.cleaning, {
        entries_read: 7,
        contacts: 1,
        merged: 6,
        left_out: 0,
        left_out_by_reason: {},
        kept_without_address: 0,
        book_contacts: 1,
      });
    });

    it('a number saved before its country renumbered merges with the same phone saved since', async () => {
      const entries = [
        { name: 'Lupe Ortiz', phone: '+52 1 55 1234 5678', times_contacted: 3 },
        { name: 'Lupe Ortiz', phone: '+52 55 1234 5678' },
        { name: 'João Silva', phone: '+55 11 8123-4567' },
        { name: 'João Silva', phone: '+55 11 98123-4567' },
        { name: 'Bà Lan', phone: '+84 162 123 4567' },
        { name: 'Bà Lan', phone: '+84 32 123 4567' },
        { name: 'Loja Centro', phone: '+55 11 3123-4567' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'renumbered', source: SOURCE, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((row: any) => [row.name, row.phones]).sort(), [
        ['Bà Lan', ['+84321234567']],
        ['João Silva', ['+5511981234567']],
        ['Loja Centro', ['+551131234567']],
        ['Lupe Ortiz', ['+525512345678']],
      ]);
      assertAddsUp(r.body.meta.cleaning);
      assert.equal(r.body.meta.cleaning.merged, 3);
    });

    it('a card whose only channel is written in its name reaches the person; its own address as a name vetoes nothing', async () => {
      const entries = [
        { name: 'rosa.diaz@corp.example', times_contacted: 2 },
        { name: '+1 415 555 0161' },
        { name: 'Rosa Diaz', email: 'rosa.diaz@corp.example' },
        { name: 'ted@corp.example', email: 'ted@corp.example', phone: '+1 415 555 0162' },
        { name: 'Ted Moss', phone: '+1 415 555 0162' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'channel-in-name', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((row: any) => JSON.stringify([row.name, row.emails, row.phones])).sort(),
        [
          ['Rosa Diaz', ['rosa.diaz@corp.example'], []],
          ['Ted Moss', ['ted@corp.example'], ['+14155550162']],
          [null, [], ['+14155550161']],
        ]
          .map((x) => JSON.stringify(x))
          .sort(),
      );
      assert.deepEqual(r.body.meta.cleaning, {
        entries_read: 5,
        contacts: 3,
        merged: 2,
        left_out: 0,
        left_out_by_reason: {},
        kept_without_address: 0,
        book_contacts: 3,
      });
    });

    it('a corporate mail log book: Date headers with their zone comment are read, a name with a department note is one person', async () => {
      // Issue #12 on a book built as from an Exchange / Notes mail log: the Date header's "(PDT)" was a 400
      // for the whole upload (every person lost), and "(ECT)" split Vince from his own number.
      const entries = [
        {
          name: 'Kaminski, Vince J',
          emails: ['vkaminski@aol.com'],
          phones: ['+1 713 853 3848'],
          times_contacted: 5,
          last_message_sent_date: 'Mon, 14 May 2001 16:39:00 -0700 (PDT)',
        },
        {
          name: 'Vince Kaminski (ECT)',
          emails: ['vince.j.kaminski@enron.com'],
          phones: ['+1 713 853 3848'],
          times_contacted: 2,
          last_message_sent_date: 'Mon May 14 16:39:00 PDT 2001',
        },
        {
          name: 'Mary Kaminski (ECT)',
          emails: ['mary.kaminski@enron.com'],
          phones: ['+1 713 853 3849'],
          times_contacted: 1,
          last_message_sent_date: 'Monday, May 14, 2001 4:39 PM',
        },
        {
          name: 'Jeff Dasovich',
          emails: ['jeff.dasovich@enron.com'],
          times_contacted: 3,
          last_message_sent_date: 'Wed,  4 Oct 2000 02:06:00 -0700 (PDT)',
          last_message_received_date: 'Thu, 5 Oct 2000 09:00:00 -0700 (PDT)',
        },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'mail-log',
        source: { type: 'gmail', email: 'sally.beck@enron.com' },
        entries,
        include_left_out: 1,
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, [...d.emails].sort()]);
      assert.deepEqual(rows.length, 3, JSON.stringify(rows));
      const vince = r.body.data.find((d: any) => d.emails.includes('vkaminski@aol.com'));
      assert.deepEqual([...vince.emails].sort(), ['vince.j.kaminski@enron.com', 'vkaminski@aol.com']);
      // Mary, of the same department and family name, stays her own person.
      assert.ok(r.body.data.some((d: any) => d.name === 'Mary Kaminski (ECT)' && d.emails.length === 1));
      assert.deepEqual(r.body.meta.left_out_entries, []);
      assert.deepEqual(r.body.meta.cleaning.left_out, 0);
      // The dates were read: the same book on GET, Jeff's last message sent in October 2000 counts.
      const g = await api.get('/v0/address-book/mail-log?explain=1');
      assert.equal(g.status, 200, g.text);
      const jeff = g.body.data.find((d: any) => d.name === 'Jeff Dasovich');
      assert.ok(jeff.explain.sent_recency > 0, JSON.stringify(jeff.explain));
    });

    it('a recipient list in one e-mail field names its people: each its own row, joined by its own cards only; a couple under its name stays one', async () => {
      const entries = [
        // A To: header exported into one cell, and a list with a display name per item.
        { email: 'Doe, Jane <jane.doe@corp.example>, Roe, Rick <rick.roe@corp.example>', times_contacted: 3 },
        { emails: ['Jane Doe <jane.doe@x.example>', 'Rick Roe <rick.roe@x.example>'] },
        { name: 'Jane Doe', email: 'jane.doe@corp.example', phone: '+1 415 555 0101' },
        { name: 'Rick Roe', emails: ['rick.roe@corp.example', 'rick.roe@x.example'], phone: '+1 415 555 0102' },
        // Must stay one: a couple's card under the couple's name, one person under two spellings.
        { name: 'Ann & Bo Lee', email: 'ann@x.com, bo@x.com' },
        { email: 'Ann Lee <a@y.example>, Ann Lee <a2@z.example>' },
        { email: 'Shop News <no-reply@shop.example>, Pat Kim <pat@y.example>' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'lists-of-people', source: SOURCE, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = (d: any[]) => d.map((row: any) => [row.name, [...row.emails].sort(), row.phones]).sort((a, b) => String(a[1][0]).localeCompare(b[1][0]));
      const want = [
        ['Ann Lee', ['a2@z.example', 'a@y.example'], []], // one person: her items' name is hers
        ['Ann & Bo Lee', ['ann@x.com', 'bo@x.com'], []],
        ['Jane Doe', ['jane.doe@corp.example'], ['+14155550101']],
        ['Jane Doe', ['jane.doe@x.example'], []],
        ['Pat Kim', ['pat@y.example'], []],
        ['Rick Roe', ['rick.roe@corp.example', 'rick.roe@x.example'], ['+14155550102']],
      ];
      assert.deepEqual(rows(r.body.data), want);
      // Seven entries read, each counted once; nothing of them left out (the no-reply item is not an entry),
      // but the person the last list named and the answer leaves out is said: counted, and listed with
      // the index of the entry that named them.
      const c = r.body.meta.cleaning;
      assertAddsUp(c);
      // Each list counts with a person whose own card it merged with (Jane's, Rick's: merged 2); the
      // second Jane, whom only a list names, is a person from lists.
      assert.deepEqual([c.entries_read, c.contacts, c.merged, c.left_out, c.people_from_lists], [7, 6, 2, 0, 1]);
      assert.deepEqual(c.list_people_left_out, { no_reply: 1 });
      assert.deepEqual(r.body.meta.left_out_entries, []);
      assert.deepEqual(r.body.meta.left_out_list_people, [{ index: 6, reason: 'no_reply' }]);
      // The stored book reads back the same (the codec keeps each item's name).
      const g = await api.get('/v0/address-book/lists-of-people?include_left_out=1');
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(rows(g.body.data), want);
      assertAddsUp(g.body.meta.cleaning);
      assert.deepEqual(g.body.meta.cleaning.list_people_left_out, { no_reply: 1 });
      assert.deepEqual(g.body.meta.left_out_list_people, [{ index: 6, batch_id: r.body.batch_id, reason: 'no_reply' }]);
      // Not asked for: counted, not listed.
      const plain = await api.get('/v0/address-book/lists-of-people');
      assert.equal(plain.body.meta.left_out_list_people, undefined);
      assert.deepEqual(plain.body.meta.cleaning.list_people_left_out, { no_reply: 1 });
      // A list whose people have no other card: one entry read, two people, both counted.
      const lone = await api.post('/v0/address-book', {
        user_id: 'list-alone',
        source: SOURCE,
        entries: [{ email: 'Doe, Jane <jane.doe@corp.example>, Roe, Rick <rick.roe@corp.example>', times_contacted: 3 }],
      });
      assert.equal(lone.status, 200, lone.text);
      assert.equal(lone.body.data.length, 2);
      const lc = lone.body.meta.cleaning;
      assertAddsUp(lc);
      assert.deepEqual([lc.entries_read, lc.contacts, lc.people_from_lists, lc.merged, lc.left_out], [1, 2, 1, 0, 0]);
    });

    it('property: for any upload, the summary adds up and the listing matches it', async () => {
      const addr = fc.constantFrom(
        'a@x.com',
        'A@X.com',
        'b..c@y.org',
        'taro.@docomo.ne.jp',
        'no-reply@z.com',
        'garbage',
        '',
        '"q r"@s.com',
        'x@y.com;',
        'bounce@mail.example',
      );
      const phone = fc.constantFrom('+1 415 555 0123', '+1 (415) 555-0123 ext 9', '*86', '611', '+44 20 7946 0958');
      const entry = fc.record(
        { name: fc.constantFrom('Ann', 'Bob', null), email: addr, phone, times_contacted: fc.constantFrom(0, 3), is_favorite: fc.constantFrom(0, 1) },
        { requiredKeys: [] },
      );
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(entry, { maxLength: 12 }), async (entries) => {
          const r = await api.post('/v0/address-book', { user_id: `prop${n++}`, source: SOURCE, entries, include_left_out: 1 });
          assert.equal(r.status, 200, r.text);
          const c = r.body.meta.cleaning;
          assertAddsUp(c);
          assert.equal(c.entries_read, entries.length);
          assert.equal(r.body.meta.left_out_entries.length, c.left_out);
          assert.equal(c.book_contacts, c.contacts); // a new user's book is this upload
          assert.ok(r.body.data.length <= c.contacts);
          // Nobody the owner wrote to or starred is left out for the form of an address; a card with no
          // name and no string to write to names no one, whatever its counts.
          for (const e of r.body.meta.left_out_entries) {
            const src = entries[e.index];
            if ((src.times_contacted ?? 0) > 0 || src.is_favorite === 1) {
              const names = Boolean(src.name) || Boolean(src.email?.trim()) || src.phone !== undefined;
              if (names) assert.ok(!['invalid', 'nothing_to_invite'].includes(e.reason), JSON.stringify(src));
              else assert.equal(e.reason, 'nothing_to_invite', JSON.stringify(src));
            }
          }
        }),
        { numRuns: 25 },
      );
    });
  });
}
