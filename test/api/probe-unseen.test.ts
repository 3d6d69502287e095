/**
 * An HTTP probe of address books unlike the shared sets (the fifty-first session), on each engine:
 * - a bracketed note with digits after a number (`+1 415 555 0126 (2)`, `+44 7700 900123 (24/7)`) made a
 *   number up or left a phone-only person out; a bracketed second number was lost with the first;
 * - a relative's card named after the person (`John Smith's wife`, on the family landline) was one row
 *   with John, under the relative's name, holding his address and both mobiles;
 * - a card without a name whose one named address came second (`b@y, Ann Lee <a@x>`) was a row without a name.
 * A second probe: software the owner copies mail to (HubSpot BCC, Email-to-Salesforce, a note-taker, Send
 * to Kindle), a Yahoo Group and a Bcc label written as an address ranked above the one person.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };

for (const engine of ENGINES) {
  describe(`probe of unseen address books on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a bracketed note after a number is left out of it; a bracketed number is a second number; nobody is left out', async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'unseen-notes',
        source: { type: 'android', phone: '+1 415 555 0100' },
        entries: [
          { name: 'Ann Lee', phone: '+1 415 555 0126 (2)' },
          { name: 'Ben Ray', phone: '+44 7700 900123 (24/7)' },
          { name: 'Cat Dow', phone: '+49 30 1234567 (2)' },
          { name: 'Dan Fox', phone: '+1 415 555 0172 (415 555 0199)', times_contacted: 1 },
          { name: 'Eve Hill', phone: '+33 1 23 45 67 89 (poste 12)' },
          { name: 'Ann Lee', phone: '(415) 555-0126' },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.meta.cleaning.left_out, 0, JSON.stringify(r.body.meta.cleaning));
      const by = new Map((r.body.data as Row[]).map((d) => [d.name, d.phones]));
      assert.equal(by.size, 5, r.text);
      assert.deepEqual(by.get('Ann Lee'), ['+14155550126']);
      assert.deepEqual(by.get('Ben Ray'), ['+447700900123']);
      assert.deepEqual(by.get('Cat Dow'), ['+49301234567']);
      assert.deepEqual(by.get('Dan Fox')?.slice().sort(), ['+14155550172', '+14155550199']);
      assert.equal(by.get('Eve Hill')?.length, 1);
      assert.match(by.get('Eve Hill')![0]!, /^\+33123456789/);
    });

    it("a relative's card named after the person stays apart from the person; each keeps their own mobile", async () => {
      const user = 'unseen-relative';
      const r = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'ios', phone: '+1 415 555 0100' },
        entries: [
          { name: 'John Smith', email: 'john@smith.org', phones: ['+1 415 555 0400', '+1 415 555 0401'] },
          { name: "John Smith's wife", phones: ['(415) 555-0400', '(415) 555-0402'], is_favorite: 1 },
        ],
      });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      assert.equal(rows.length, 2, r.text);
      const john = rows.find((d) => d.name === 'John Smith')!;
      const wife = rows.find((d) => d.name === "John Smith's wife")!;
      assert.deepEqual(john.emails, ['john@smith.org']);
      assert.ok(john.phones.includes('+14155550401') && !john.phones.includes('+14155550402'), JSON.stringify(john));
      assert.ok(wife.phones.includes('+14155550402') && !wife.phones.includes('+14155550401'), JSON.stringify(wife));
      assert.deepEqual(wife.emails, []);
      const g = await api.get(`/v0/address-book/${user}`);
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(g.body.data.map((d: Row) => d.name).sort(), ['John Smith', "John Smith's wife"]);
    });

    it("an entry without a name takes its one named address's name wherever it stands", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'unseen-one-name',
        source: {},
        entries: [{ email: 'b@y.example, Ann Lee <a@x.example>', times_contacted: 2 }],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        (r.body.data as Row[]).map((d) => d.name),
        ['Ann Lee'],
      );
    });

    it("software's inboxes the owner copies mail to, lists and a Bcc label are not ranked above the person; left out with their reasons", async () => {
      const sent = { times_contacted: 40, last_message_sent_date: '2026-10-02T09:00:00Z' };
      const r = await api.post('/v0/address-book', {
        user_id: 'unseen-bots',
        include_left_out: 1,
        source: { type: 'gmail', email: 'dana@acme.example' },
        entries: [
          { name: 'Tom Lee', email: 'tom.lee@acme.example', times_contacted: 5, last_message_sent_date: '2026-09-20T09:00:00Z' },
          { name: 'HubSpot BCC', email: '1234567@bcc.hubspot.com', ...sent },
          { email: 'emailtosalesforce@1a2b3c4d5e6f.8-abcdef.na139.le.salesforce.com', ...sent },
          { name: 'Fireflies.ai Notetaker', email: 'fred@fireflies.ai', ...sent },
          { email: 'dana_kim_abc@kindle.com', ...sent },
          { name: 'Hikers', email: 'hikers@yahoogroups.com', ...sent },
          { name: 'Undisclosed recipients', email: 'undisclosed-recipients@acme.example', ...sent },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        (r.body.data as Row[]).map((d) => d.name),
        ['Tom Lee'],
      );
      const c = r.body.meta.cleaning;
      assert.equal(c.contacts + c.merged + c.left_out, 7);
      assert.deepEqual(c.left_out_by_reason, { relay: 4, bulk_platform: 1, nothing_to_invite: 1 });
      assert.equal(r.body.meta.left_out_entries.length, 6);
    });

    it('a US number saved with its 1 and no "+" in an Indian phone book is the +1 number, one person with the Gmail card', async () => {
      const user = 'unseen-nanp';
      const a = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'android', phone: '+919876543210' },
        entries: [{ name: 'Sam Lee', phone: '16502530000', times_contacted: 20 }],
      });
      assert.equal(a.status, 200, a.text);
      assert.deepEqual(a.body.data[0].phones, ['+16502530000']);
      const b = await api.post('/v0/address-book', {
        user_id: user,
        source: { type: 'gmail', email: 'owner@gmail.example' },
        entries: [{ name: 'Sam Lee', email: 'sam.lee@gmail.example', phones: ['+1 650-253-0000'] }],
      });
      assert.equal(b.status, 200, b.text);
      const g = await api.get(`/v0/address-book/${user}`);
      assert.equal(g.status, 200, g.text);
      assert.deepEqual(
        (g.body.data as Row[]).map((d) => [d.name, d.phones, d.emails]),
        [['Sam Lee', ['+16502530000'], ['sam.lee@gmail.example']]],
      );
    });

    it('an entry sent as a bare address is refused with the shape an entry has, and nothing is stored', async () => {
      const r = await api.post('/v0/address-book', { user_id: 'unseen-bare', source: {}, entries: ['ann@x.example'] });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.details[0].field, 'entries[0]');
      assert.match(r.body.details[0].message, /^must be an object \(an entry such as \{"name": .*\}\), not a string$/);
      assert.equal((await api.get('/v0/address-book/unseen-bare')).status, 404);
      // A record's batch is told a record's shape, not an upload entry's (a probe sent that example to
      // /v0/invites-sent and was refused again for want of user_id).
      for (const body of [['ann@x.example'], { entries: ['ann@x.example'] }]) {
        const rec = await api.post('/v0/invites-sent', body);
        assert.equal(rec.status, 400, rec.text);
        assert.equal(rec.body.details[0].field, 'entries[0]');
        assert.match(rec.body.details[0].message, /^must be an object \(an object of the fields this endpoint takes, .*\), not a string$/);
      }
    });
  });
}
