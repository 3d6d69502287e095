/**
 * What a probe of the HTTP API with a corporate book (an owner on Exchange and Lotus Notes) found, fixed,
 * on each engine and through real HTTP:
 * - Outlook's `John Smith [SMTP:john.smith@corp.com]` and `(SMTP:…)` were left out as `invalid`: they are
 *   the address, and join the person's plain form;
 * - an empty group (`undisclosed-recipients:;`, `recipient list suppressed:;`, `"Undisclosed Recipients" <>`)
 *   and a card named so were ranked first (written to in every Bcc message): they name nobody, and are left
 *   out as `nothing_to_invite`; the owner's own address named "Undisclosed recipients" is `self`;
 * - one Notes name written as two IMCEANOTES spellings and bare, one X.500 DN in two cases, and a DN under
 *   `Ward, Kim` and `Kim Ward` were several rows: one each;
 * - `X on behalf of Y` named the row with both; `e-mail` as a name was shown as the person's;
 * - the owner's own Notes name, DN and IMCEANOTES form under the owner's full name ranked first: `self`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const SOURCE = { type: 'gmail', email: 'owner.person@corp.com', name: 'Owner Person' };

const ENTRIES = [
  /* 0 */ { name: 'Real Person', email: 'real.person@corp.com', times_contacted: 3 },
  /* 1 */ { email: 'John Smith [SMTP:john.smith@corp.com]', times_contacted: 1 },
  /* 2 */ { email: 'John Smith <john.smith@corp.com>', times_contacted: 1 },
  /* 3 */ { email: '[SMTP:bo.chen@corp.com]', times_contacted: 1 },
  /* 4 */ { email: 'undisclosed-recipients:;', times_contacted: 40 },
  /* 5 */ { email: '"Undisclosed Recipients" <>', times_contacted: 4 },
  /* 6 */ { email: 'recipient list suppressed:;', times_contacted: 4 },
  /* 7 */ { name: 'undisclosed-recipients', times_contacted: 6 },
  /* 8 */ { name: 'Undisclosed recipients', email: 'owner.person@corp.com', times_contacted: 9 },
  /* 9 */ { email: 'IMCEANOTES-Jeff+20Dasovich_NA_Corp+40Corp@corp.com', times_contacted: 2 },
  /* 10 */ { email: 'IMCEANOTES-Jeff+20Dasovich+2FNA+2FCorp+40Corp@corp.com', times_contacted: 1 },
  /* 11 */ { email: 'Jeff Dasovich/NA/Corp@Corp', times_contacted: 1 },
  /* 12 */ { name: 'Kay Mann', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=KMANN', times_contacted: 7 },
  /* 13 */ { email: '/o=corp/ou=na/cn=recipients/cn=kmann', times_contacted: 2 },
  /* 14 */ { name: 'Ward, Kim', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=KWARD', times_contacted: 2 },
  /* 15 */ { name: 'Kim Ward', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=KWARD', times_contacted: 2 },
  /* 16 */ { name: 'Sera, Sherri on behalf of Skilling, Jeff', email: 'sherri.sera@corp.com', times_contacted: 2 },
  /* 17 */ { name: 'e-mail', email: 'cy.dunn@corp.com', times_contacted: 1 },
  /* 18 */ { email: 'IMCEANOTES-Owner+20Person+2FHOU+2FECT+40ECT@corp.com', times_contacted: 3 },
  /* 19 */ { name: 'Person, Owner', email: '/O=CORP/OU=NA/CN=RECIPIENTS/CN=OPERSON', times_contacted: 3 },
  /* 20 */ { email: 'Owner Person/HOU/ECT@ECT', times_contacted: 3 },
];

for (const engine of ENGINES) {
  describe(`probe of a corporate book (Exchange, Notes) on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('one row per person, nobody from empty groups or the owner’s own identities, each left out with a reason', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'corp', source: SOURCE, entries: ENTRIES, include_left_out: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data.map((d: any) => [d.name, d.emails[0] ?? d.unusable?.emails[0] ?? null]);
      assert.deepEqual(
        rows.map((x: any[]) => x[0]).sort(),
        ['Jeff Dasovich', 'John Smith', 'Kay Mann', 'Kim Ward', 'Real Person', 'Sera, Sherri', null, null].sort(),
        JSON.stringify(rows),
      );
      // The rows without a name are Bo Chen's and Cy Dunn's addresses, invitable.
      assert.deepEqual(
        r.body.data
          .filter((d: any) => d.name === null)
          .map((d: any) => d.email)
          .sort(),
        ['bo.chen@corp.com', 'cy.dunn@corp.com'],
      );
      assert.equal(r.body.data.find((d: any) => d.name === 'John Smith').email, 'john.smith@corp.com');
      assert.equal(r.body.data[0].name, 'Kay Mann'); // the most written-to person first, no group
      const reasons = Object.fromEntries(r.body.meta.left_out_entries.map((e: any) => [e.index, e.reason]));
      assert.deepEqual(reasons, {
        4: 'nothing_to_invite',
        5: 'nothing_to_invite',
        6: 'nothing_to_invite',
        7: 'nothing_to_invite',
        8: 'self',
        18: 'self',
        19: 'self',
        20: 'self',
      });
      const c = r.body.meta.cleaning;
      assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
    });

    it("an address in single quotes with an apostrophe inside is unwrapped and joins the person's plain form (a second probe)", async () => {
      const entries = [
        { name: "'sean.o'neal@corp.com'", emails: ["'sean.o'neal@corp.com'"], times_contacted: 30 },
        { name: "Sean O'Neal", emails: ["sean.o'neal@corp.com"], times_contacted: 12 },
        { name: "'d'souza.r@partner.example'", emails: ["'d'souza.r@partner.example'"], times_contacted: 2 },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'corp-quotes', source: SOURCE, entries });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        r.body.data.map((d: any) => [d.name, d.emails]),
        [
          ["Sean O'Neal", ["sean.o'neal@corp.com"]],
          // (A name that is an address is shown as the address, unwrapped, as a plain one is.)
          ["d'souza.r@partner.example", ["d'souza.r@partner.example"]],
        ],
      );
      assert.equal(r.body.meta.cleaning.merged, 1);
    });
  });
}
