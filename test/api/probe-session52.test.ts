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
 * A second probe (Nigeria, Korea, Indonesia, India, Turkey): a relative before a name (`Mum Lee`, `민수 엄마`)
 * and the person on the family landline were one row; an honorific with a given name (`Alhaji Musa`) or a
 * carrier after it (`Tunde MTN`) a second row of the person, so an invite on the number filtered neither;
 * a WhatsApp ID the address to invite; `My MTN`, the owner's second SIM, ranked first. A third (files,
 * Europe): `José García` and his son `José Luis García` on the family landline were one row; a vCard with a
 * UTF-8 byte-order mark and a line folded inside a character garbled the name. A fourth (senders):
 * `jane.roe@news.bbc.co.uk` and `weiling.tan@sg.ibm.com` ranked after every person; `post@peterpost.de`
 * (Peter Post) left out; `notificacoes@`, `boletin@` listed among the people.
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

    it('a relative before a name and the person on the family landline, each with a mobile, are two rows; Korean and Japanese relatives too', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-household',
        source: { type: 'android', phone: '+44 7911 000001' },
        entries: [
          { name: 'Mum Lee', phones: ['07911 123456', '020 7946 0018'], is_favorite: 1 },
          { name: 'Richard Lee', phones: ['07911 654321', '020 7946 0018'], times_contacted: 3 },
          { name: '민수 엄마', phones: ['+82 10-1111-0001', '+82 2-555-1234'] },
          { name: '김민수', phones: ['+82 10-1111-0002', '+82 2-555-1234'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const by = new Map((r.body.data as Row[]).map((d) => [d.name, d.phones.slice().sort()]));
      assert.equal(by.size, 4, r.text);
      assert.deepEqual(by.get('Richard Lee'), ['+442079460018', '+447911654321']);
      assert.deepEqual(by.get('Mum Lee'), ['+442079460018', '+447911123456']);
      assert.deepEqual(by.get('김민수'), ['+821011110002', '+8225551234']);
    });

    it('an honorific with a given name is the person: one row, and an invite recorded on the number filters it', async () => {
      const user = 's52-alhaji';
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'android', phone: '+234 803 123 4567' },
        entries: [
          { name: 'Alhaji Musa', phone: '0803 111 2222', is_favorite: 1 },
          { name: 'Musa Ibrahim', phone: '0803 111 2222', times_contacted: 3 },
          { name: 'Tunde MTN', phone: '0706 333 4444' },
          { name: 'Tunde Bakare', phone: '0706 333 4444', times_contacted: 1 },
          { name: 'Gbenga Bello', phone: '0803 000 7777' },
          { name: 'Gbenga Bello', email: '2348030007777@s.whatsapp.net', times_contacted: 5 },
          { name: 'My MTN', phone: '0803 123 4567' },
          { name: 'Ngozi Eze', whatsapp: '0803 555 6666' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.deepEqual(rows.map((d) => d.name).sort(), ['Gbenga Bello', 'Musa Ibrahim', 'Tunde Bakare'], r.text);
      const gbenga = rows.find((d) => d.name === 'Gbenga Bello')!;
      assert.deepEqual(gbenga.emails, []);
      assert.deepEqual(gbenga.phones, ['+2348030007777']);
      // `My MTN` is the owner's; `whatsapp` is no field, named with a did-you-mean, and its card said left out.
      const w = (r.body.meta.warnings as { field: string; did_you_mean?: string }[]).find((x) => x.field === 'entries[].whatsapp');
      assert.equal(w?.did_you_mean, 'phone', JSON.stringify(r.body.meta.warnings));
      assert.equal(r.body.meta.cleaning.left_out, 2, JSON.stringify(r.body.meta.cleaning));
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: user, phone: '+2348031112222' }])).status, 200);
      const g = await api.get(`/v0/address-book/${user}?filter_invites_sent=1`);
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(g.body.data.map((d: Row) => d.name).sort(), ['Gbenga Bello', 'Tunde Bakare']);
    });

    it('a father and his son with one more given name, each with a mobile on the family landline, are two rows, neither a second row', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 's52-jose-luis',
        source: { phone: '+34 600 900 000' },
        explain: 1,
        entries: [
          { name: 'José García', phones: ['91 555 1111', '611 110 001'], times_contacted: 10 },
          { name: 'José Luis García', phones: ['91 555 1111', '611 110 002'] },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain: Record<string, number> })[];
      assert.deepEqual(rows.map((d) => [d.name, d.phones.slice().sort()]).sort(), [
        ['José García', ['+34611110001', '+34915551111']],
        ['José Luis García', ['+34611110002', '+34915551111']],
      ]);
      for (const d of rows) assert.equal(d.explain.possible_duplicate, undefined, JSON.stringify(d));
    });

    it("a vCard file with a UTF-8 byte-order mark and a line folded inside a character reads the name whole; a project's list is a list", async () => {
      const file = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Zofia Wi\xc5', 'latin1'),
        Buffer.from([0x0d, 0x0a, 0x20, 0x9b]),
        Buffer.from('niewska\r\nTEL;TYPE=CELL:+48 600 111 222\r\nEND:VCARD\r\n', 'latin1'),
      ]);
      const f = await api.request('POST', '/v0/address-book-file?user_id=s52-bom', { raw: file, headers: { 'content-type': 'text/vcard; charset=utf-8' } });
      assert.equal(f.status, 200, f.text);
      assert.deepEqual(
        f.body.data.map((d: Row) => d.name),
        ['Zofia Wiśniewska'],
      );
      assert.deepEqual(f.body.meta.warnings ?? [], []);
      const l = await api.post('/v0/address-book', {
        user_id: 's52-list',
        source: { email: 'owner@example.org' },
        entries: [
          { name: 'Ann Lee', email: 'ann@lee.example', times_contacted: 2 },
          { name: 'python-dev', email: 'python-dev@python.org', times_contacted: 9 },
        ],
      });
      assert.equal(l.status, 200, l.text);
      assert.deepEqual(
        l.body.data.map((d: Row) => d.name),
        ['Ann Lee', 'python-dev'],
      );
    });

    it('people received only at a newsroom, a country host or a domain of their own name rank as people; notices in other languages are bulk senders', async () => {
      const received = { times_contacted: 0, last_message_received_date: '2026-10-01T00:00:00Z' };
      const r = await api.post('/v0/address-book', {
        user_id: 's52-senders',
        source: { type: 'gmail', email: 'lena.owner@gmail.com' },
        explain: 1,
        include_left_out: 1,
        entries: [
          { name: 'Bob Hale', email: 'bob@gmail.com', times_contacted: 2, last_message_sent_date: '2026-10-01T00:00:00Z' },
          { name: 'Jane Roe', email: 'jane.roe@news.bbc.co.uk', ...received },
          { name: 'Wei Ling Tan', email: 'weiling.tan@sg.ibm.com', ...received },
          { name: 'Peter Post', email: 'post@peterpost.de', ...received },
          { email: 'notificacoes@shopmark.example', ...received },
          { email: 'boletin@shopmark.example', ...received },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as (Row & { explain: Record<string, number> })[];
      assert.deepEqual(rows.map((d) => d.name).sort(), ['Bob Hale', 'Jane Roe', 'Peter Post', 'Wei Ling Tan']);
      for (const d of rows) assert.equal(d.explain.sender, undefined, JSON.stringify(d));
      const reasons = Object.fromEntries(r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]));
      assert.deepEqual(reasons, { 4: 'bulk_sender', 5: 'bulk_sender' });
    });
  });
}
