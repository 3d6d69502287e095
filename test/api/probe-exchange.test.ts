/**
 * What probe 12 found of Exchange forms, fixed, on each engine and through real HTTP:
 * - an Exchange Online `IMCEAEX-` address whose DN carries the mailbox's 32-hex GUID was left out as
 *   `relay`, starred and written to, with the card of its bare DN: the person is a row;
 * - German and French Outlook exports lost every Exchange (`EX`) contact as `invalid`: the display
 *   name's address is read, as in the English export;
 * - a DN beside a named SMTP recipient in one string was dropped and the row misnamed; a quoted comma
 *   split a list: each is its people, as when sent as items;
 * - an IMCEAEX DN was the contact's `email` before the person's plain address.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const GUID_IMCEA =
  'IMCEAEX-_o=ExchangeLabs_ou=Exchange+20Administrative+20Group+20+28FYDIBOHF23SPDLT+29_cn=Recipients_cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark@corp.com';
const GUID_DN = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark';
const BOB_IMCEA = 'IMCEAEX-_O=CORP_OU=EXCHANGE+20ADMINISTRATIVE+20GROUP+20+28FYDIBOHF23SPDLT+29_CN=RECIPIENTS_CN=BWILLIAMS@corp.com';
const DN = '/o=ExchangeLabs/ou=Exchange Administrative Group (FYDIBOHF23SPDLT)/cn=Recipients/cn=kbecker';

const GERMAN =
  '"Vorname","Nachname","E-Mail-Adresse","E-Mail-Typ","E-Mail: Angezeigter Name","E-Mail 2: Adresse","E-Mail 2: Typ","E-Mail 2: Angezeigter Name"\r\n' +
  `"Klaus","Becker","${DN}","EX","Klaus Becker (klaus.becker@corp.de)","","",""\r\n` +
  '"Gil","Amar","gil@corp.de","SMTP","Gil Amar (gil@old.example)","","",""\r\n';
const FRENCH =
  '"Prénom","Nom","Adresse de messagerie","Type de messagerie","Nom complet de l\'adresse de messagerie"\r\n' +
  `"Luc","Moreau","${DN.replace('kbecker', 'lmoreau')}","EX","Luc Moreau (luc.moreau@corp.fr)"\r\n`;

type Row = { name: string | null; email: string | null; emails: string[]; unusable?: { emails: string[] } };

for (const engine of ENGINES) {
  describe(`probe 12: Exchange forms on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    const upload = async (user: string, entries: object[]) => {
      const r = await api.post('/v0/address-book', { user_id: user, source: {}, entries, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      return r.body as { data: Row[]; meta: { cleaning: { left_out_by_reason: Record<string, number> } } };
    };

    it('an IMCEAEX address carrying its GUID DN is the person (with the bare DN card), not a relay; a plain machine token still is', async () => {
      const b = await upload('x-guid', [
        { name: 'Kim Park', email: GUID_IMCEA, times_contacted: 5, is_favorite: 1 },
        { name: 'Park, Kim', email: GUID_DN.toUpperCase(), times_contacted: 2 },
        { email: '4f1e2d3c4b5a69788796a5b4c3d2e1f0-kpark@corp.com', times_contacted: 5 },
      ]);
      assert.deepEqual(
        b.data.map((d) => [d.name, d.email]),
        [['Kim Park', GUID_IMCEA]],
      );
      assert.deepEqual(b.meta.cleaning.left_out_by_reason, { relay: 1 });
    });

    it("the person's plain address is the contact's email, before an IMCEAEX DN", async () => {
      const b = await upload('x-order', [
        { name: 'Bob Williams', email: BOB_IMCEA, times_contacted: 2 },
        { name: 'Williams, Bob', email: 'bob.williams@corp.com', times_contacted: 6 },
        { name: 'Bob Williams', emails: [BOB_IMCEA, 'bob.williams@corp.com'], times_contacted: 1 },
      ]);
      assert.deepEqual(
        b.data.map((d) => [d.email, d.emails]),
        [['bob.williams@corp.com', ['bob.williams@corp.com', BOB_IMCEA]]],
      );
    });

    it('a list in one string mixing a DN with a named SMTP recipient, or quoting a comma, is its people', async () => {
      const b = await upload('x-lists', [
        { name: 'Amy Adams', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=AADAMS; Bob Stone <bob.stone@corp.com>', times_contacted: 1 },
        { email: '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>; "Doe, Jane" <jane.doe@corp.com>', times_contacted: 1 },
      ]);
      assert.deepEqual(
        b.data.map((d) => [d.name, d.email, d.unusable?.emails ?? []]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
        [
          ['Amy Adams', null, ['/O=CORP/OU=NA/CN=RECIPIENTS/CN=AADAMS']],
          ['Bob Stone', 'bob.stone@corp.com', []],
          ['Doe, Jane', 'jane.doe@corp.com', []],
          ['Smith, John', null, ['"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>']],
        ],
      );
    });

    it("German and French Outlook exports: an Exchange contact's display name gives the address (nothing left out); beside its own address, not", async () => {
      for (const [user, text, want] of [
        [
          'x-de',
          GERMAN,
          [
            ['Gil Amar', 'gil@corp.de'],
            ['Klaus Becker', 'klaus.becker@corp.de'],
          ],
        ],
        ['x-fr', FRENCH, [['Luc Moreau', 'luc.moreau@corp.fr']]],
      ] as const) {
        const r = await api.request('POST', `/v0/address-book-file?user_id=${user}&include_left_out=1`, { raw: text, headers: { 'content-type': 'text/csv' } });
        assert.equal(r.status, 200, r.text);
        assert.deepEqual(
          r.body.data.map((d: Row) => [d.name, d.email]).sort((x: string[], y: string[]) => x[0]!.localeCompare(y[0]!)),
          want,
          user,
        );
        assert.deepEqual(r.body.meta.cleaning.left_out_by_reason, {}, user);
      }
    });
  });
}
