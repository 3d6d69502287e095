/**
 * Group mailboxes and brands named on their own domain's card through the HTTP API, on each engine
 * (src/domain/sender-cards.ts, issue #12): a probe found distribution lists the owner writes to ranked
 * above the owner's colleagues, and brands only ever received from ranked above the owner's family. They
 * now go after the people (`sender` in `explain`), never left out: a family's or a one-person firm's
 * domain reads the same (a review). A card the owner wrote to ranks as it scores. People at look-alike
 * addresses keep their places.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const sent = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00Z`;
const RECEIVED = '2026-11-20T08:00:00Z';

for (const engine of ENGINES) {
  describe(`group mailboxes and brand senders on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('distribution lists the owner writes to stay in the list, after the colleagues', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'dl',
        source: { email: 'olga@corp.com' },
        explain: 1,
        entries: [
          { name: 'Ann Lee', email: 'ann.lee@corp.com', times_contacted: 4, last_message_sent_date: sent(20) },
          { name: 'Bo Chen', email: 'bo.chen@corp.com', times_contacted: 3, last_message_sent_date: sent(18) },
          { name: 'Bill Team', email: 'bill.team@corp.com', times_contacted: 1, last_message_sent_date: sent(2) },
          { name: 'IT Helpdesk', email: 'it-helpdesk@corp.com', times_contacted: 12, last_message_sent_date: sent(25) },
          { name: 'Marketing Team', email: 'mkt-team@corp.com', times_contacted: 25, last_message_sent_date: sent(26) },
          { name: 'DL-Finance-Approvals', email: 'dl-finance-approvals@corp.com', times_contacted: 18, last_message_sent_date: sent(24) },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const names = r.body.data.map((d: any) => d.name);
      assert.equal(r.body.meta.cleaning.left_out, 0, r.text);
      assert.deepEqual(names.slice(0, 3), ['Ann Lee', 'Bo Chen', 'Bill Team'], JSON.stringify(names));
      assert.deepEqual(new Set(names.slice(3)), new Set(['IT Helpdesk', 'Marketing Team', 'DL-Finance-Approvals']));
      for (const d of r.body.data) {
        if (names.indexOf(d.name) < 3) assert.equal(d.explain.sender, undefined, d.name);
        else assert.ok(d.explain.sender < 0, `${d.name}: ${JSON.stringify(d.explain)}`);
      }
    });

    it('brands only ever received from go after the family, none left out; people stay; written to, a brand ranks as it scores', async () => {
      const entries = [
        { name: 'Mom', phone: '+14155550301' },
        { name: 'Peloton', email: 'peloton@email.onepeloton.com', last_message_received_date: RECEIVED },
        { name: 'Pinterest', email: 'pinbot@explore.pinterest.com', last_message_received_date: RECEIVED },
        { name: 'Ally Bank', email: 'ally@ally.com', last_message_received_date: RECEIVED },
        { name: 'Hulu', email: 'hulu@hulumail.com', last_message_received_date: RECEIVED },
        { name: 'CVS Pharmacy', email: 'CVSPharmacy@pharmacy.cvs.com', last_message_received_date: RECEIVED },
        { name: 'Marriott Bonvoy', email: 'MarriottBonvoy@email-marriott.com', last_message_received_date: RECEIVED },
        { name: 'The New York Times', email: 'nytdirect@nytimes.com', last_message_received_date: RECEIVED },
        { name: 'Jane Doe', email: 'jane@janedoe.com', last_message_received_date: RECEIVED },
        { name: 'Mark Peloton', email: 'mark@peloton.dev', last_message_received_date: RECEIVED },
      ];
      const r = await api.post('/v0/address-book', {
        user_id: 'brands',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        include_left_out: 1,
        explain: 1,
        entries,
      });
      assert.equal(r.status, 200, r.text);
      const names = r.body.data.map((d: any) => d.name);
      assert.deepEqual(new Set(names.slice(0, 3)), new Set(['Jane Doe', 'Mark Peloton', 'Mom']), JSON.stringify(names));
      assert.deepEqual(
        new Set(names.slice(3)),
        new Set(['Peloton', 'Pinterest', 'Ally Bank', 'Hulu', 'CVS Pharmacy', 'Marriott Bonvoy', 'The New York Times']),
        JSON.stringify(names),
      );
      for (const d of r.body.data.slice(3)) assert.ok(d.explain.sender < 0, `${d.name}: ${JSON.stringify(d.explain)}`);
      assert.deepEqual(r.body.meta.left_out_entries, []);
      // written to, a brand-shaped card ranks as it scores (`Garcia <luis@garcialaw.com>` reads the same)
      const w = await api.post('/v0/address-book', {
        user_id: 'brands',
        source: { type: 'gmail', email: 'olga.owner@gmail.com' },
        explain: 1,
        entries: [{ name: 'Hulu', email: 'hulu@hulumail.com', times_contacted: 2, last_message_sent_date: sent(21) }],
      });
      assert.equal(w.status, 200, w.text);
      const hulu = w.body.data.find((d: any) => d.name === 'Hulu');
      assert.ok(hulu && !(hulu.explain.sender < 0), JSON.stringify(w.body.data.map((d: any) => [d.name, d.explain])));
    });

    it('in a book with no activity at all (a contacts file), brands named on their own domain go after the people, none left out', async () => {
      // A probe: a Google Contacts CSV of "other contacts" and the family, no dates: the brands ranked 1-8, Mom 9th.
      const csv = [
        'Name,Given Name,Family Name,Group Membership,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value',
        'The New York Times,,,* other,* ,nytdirect@nytimes.com,,',
        'Peloton,,,* other,* ,peloton@email.onepeloton.com,,',
        'Marriott Bonvoy,,,* other,* ,MarriottBonvoy@email-marriott.com,,',
        'Pinterest,,,* other,* ,pinbot@explore.pinterest.com,,',
        'Mom,,,* myContacts,,,Mobile,(415) 555-0190',
        'Tom Berg,Tom,Berg,* myContacts,* Work,tom.berg@acme.com,,',
        'Jane Doe,Jane,Doe,* other,* ,jane@janedoe.com,,',
      ].join('\n');
      const r = await api.request('POST', '/v0/address-book-file?user_id=nodates&explain=1', { raw: csv, headers: { 'content-type': 'text/csv' } });
      assert.equal(r.status, 200, r.text);
      const names = r.body.data.map((d: any) => d.name);
      assert.deepEqual(new Set(names.slice(0, 3)), new Set(['Mom', 'Tom Berg', 'Jane Doe']), JSON.stringify(names));
      assert.deepEqual(new Set(names.slice(3)), new Set(['The New York Times', 'Peloton', 'Marriott Bonvoy', 'Pinterest']), JSON.stringify(names));
      for (const d of r.body.data.slice(3)) assert.ok(d.explain.sender < 0, `${d.name}: ${JSON.stringify(d.explain)}`);
      assert.equal(r.body.meta.cleaning.left_out, 0, r.text);
      // Starred, a brand-shaped card is the owner's choice: it ranks as it scores.
      const starred = await api.post('/v0/address-book', {
        user_id: 'nodates-starred',
        source: { type: 'ios' },
        explain: 1,
        entries: [
          { name: 'Mom', phone: '+14155550190' },
          { name: 'Hulu', email: 'hulu@hulumail.com', is_favorite: 1 },
        ],
      });
      assert.equal(starred.status, 200, starred.text);
      assert.deepEqual(
        starred.body.data.map((d: any) => [d.name, d.explain.sender]),
        [
          ['Hulu', undefined],
          ['Mom', undefined],
        ],
      );
    });
  });
}
