/**
 * What the thirty-third session's probes found, through real HTTP on each engine (issue #12, never lose
 * a real person):
 * - a recipient list pasted one named item per line (or with spaces, "and", a bullet between them) was
 *   one string that is no address, and everyone on it was lost; a named item under the entry name of
 *   someone else was fused into the entry, with that person's own card;
 * - a date or a placeholder in a phone field was kept as a callable, nameless person;
 * - a record (invite sent, app user, suggestion shown) holding a list in one field was refused whole;
 * - `promote_matching_domain` refused a domain written in Unicode.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

interface Row {
  name: string | null;
  email: string | null;
  emails: string[];
  phones: string[];
}

for (const engine of ENGINES) {
  describe(`probe lists on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    it('a pasted list with one named item per line gives each person; the POST answer, its counts and GET agree', async () => {
      const entries = [
        { name: 'Ann Lee', email: 'John Smith <j@x.example>\nJane Doe <jd@y.example>', times_contacted: 2 },
        { name: 'Ann Lee', email: 'Rick Roe <rick@y.example>, ann@x.example' },
        { name: 'Rick Roe', email: 'rick@y.example', times_contacted: 5 },
        { phone: '2024-01-05' },
        { phone: '123-456-7890' },
      ];
      const r = await api.post('/v0/address-book', { user_id: 'lists', source: { type: 'gmail', phone: '+14155550100' }, entries, explain: 1 });
      assert.equal(r.status, 200, r.text);
      const rows = r.body.data as Row[];
      const byName = (n: string) => rows.filter((x) => x.name === n);
      assert.deepEqual(
        byName('John Smith').map((x) => x.emails),
        [['j@x.example']],
      );
      assert.deepEqual(
        byName('Jane Doe').map((x) => x.emails),
        [['jd@y.example']],
      );
      assert.deepEqual(
        byName('Ann Lee').map((x) => x.emails),
        [['ann@x.example']],
      );
      assert.deepEqual(
        byName('Rick Roe').map((x) => x.emails),
        [['rick@y.example']],
      );
      assert.equal(rows.length, 4, JSON.stringify(rows.map((x) => [x.name, x.emails, x.phones])));
      const c = r.body.meta.cleaning;
      assert.equal(c.entries_read, 5);
      assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out);
      assert.deepEqual(c.left_out_by_reason, { nothing_to_invite: 2 });
      assert.deepEqual(
        r.body.meta.left_out_entries.map((e: { index: number; reason: string }) => [e.index, e.reason]),
        [
          [3, 'nothing_to_invite'],
          [4, 'nothing_to_invite'],
        ],
      );
      const g = await api.get('/v0/address-book/lists');
      assert.equal(g.status, 200);
      assert.deepEqual(
        (g.body.data as Row[]).map((x) => [x.name, x.emails]),
        rows.map((x) => [x.name, x.emails]),
      );
    });

    it('records with a list in one e-mail or phone field are stored and match every person of it', async () => {
      const up = await api.post('/v0/address-book', {
        user_id: 'rec',
        source: { type: 'gmail' },
        entries: [
          { name: 'Eve Ng', email: 'eve@example.org' },
          { name: 'Dan Wu', email: 'dan@acme.example' },
          { name: 'Al Bo', phone: '+14155550123' },
          { name: 'Cy Do', phone: '+14155550124' },
          { name: 'Di Fa', email: 'di@example.net' },
        ],
      });
      assert.equal(up.status, 200, up.text);
      const sent = await api.post('/v0/invites-sent', [{ user_id: 'rec', email: 'Eve Ng <eve@example.org>, Dan Wu <dan@acme.example>' }]);
      assert.equal(sent.status, 200, sent.text);
      const seen = await api.post('/v0/suggested-seen', [{ user_id: 'rec', phones: '+14155550123, +14155550124' }]);
      assert.equal(seen.status, 200, seen.text);
      const users = await api.post('/v0/users', [{ id: 'u-di', emails: 'di@example.net; nobody@example.net' }]);
      assert.equal(users.status, 200, users.text);
      const names = async (q: string) => ((await api.get(`/v0/address-book/rec?${q}`)).body.data as Row[]).map((x) => x.name);
      assert.deepEqual((await names('filter_invites_sent=1')).sort(), ['Al Bo', 'Cy Do', 'Di Fa']);
      assert.deepEqual((await names('filter_existing_users=1')).sort(), ['Al Bo', 'Cy Do', 'Dan Wu', 'Eve Ng']);
      const demoted = await names('filter_suggested_seen=1');
      assert.deepEqual(demoted.slice(-2).sort(), ['Al Bo', 'Cy Do']);
    });

    it('an app user with no e-mail and no phone is accepted with a warning; the rest of the batch is stored; a misspelt or unusable field is still a 400', async () => {
      const up = await api.post('/v0/address-book', {
        user_id: 'owner-u',
        source: {},
        entries: [
          { name: 'Eve Ng', email: 'eve@example.org' },
          { name: 'Dan Wu', email: 'dan@example.org' },
        ],
      });
      assert.equal(up.status, 200, up.text);
      const r = await api.post('/v0/users', [
        { id: 'social-only', name: 'Sam' },
        { id: 'eve', email: 'eve@example.org' },
        { id: 'blank', email: '', phones: [] },
      ]);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.message, `Bulk of 3 users stored for ${r.body.message.split(' for ')[1]}`);
      assert.deepEqual(
        r.body.meta.warnings.map((w: { field: string; count: number; indexes: number[] }) => [w.field, w.count, w.indexes]),
        [['entries[].id', 2, [0, 2]]],
      );
      const g = await api.get('/v0/address-book/owner-u?filter_existing_users=1');
      assert.deepEqual(
        g.body.data.map((x: Row) => x.name),
        ['Dan Wu'],
      );
      const misspelt = await api.post('/v0/users', [{ id: 'x', emial: 'x@example.org' }]);
      assert.equal(misspelt.status, 400);
      assert.match(misspelt.text, /did you mean/);
      const unusable = await api.post('/v0/users', [{ id: 'y', email: 'not an address' }]);
      assert.equal(unusable.status, 400);
      assert.match(unusable.text, /entries\[0\]/);
    });

    it('promote_matching_domain takes a domain written in Unicode, and refuses two at signs', async () => {
      const up = await api.post('/v0/address-book', {
        user_id: 'idn',
        source: {},
        entries: [
          { name: 'Zed', email: 'zed@example.com', times_contacted: 9 },
          { name: 'Bea', email: 'bea@bücher.example' },
        ],
      });
      assert.equal(up.status, 200, up.text);
      for (const d of ['bücher.example', 'xn--bcher-kva.example', 'BÜCHER.example.']) {
        const g = await api.get(`/v0/address-book/idn?promote_matching_domain=${encodeURIComponent(d)}`);
        assert.equal(g.status, 200, g.text);
        assert.equal(g.body.data[0].name, 'Bea', d);
      }
      const bad = await api.get(`/v0/address-book/idn?promote_matching_domain=${encodeURIComponent('a@b@c.com')}`);
      assert.equal(bad.status, 400);
      assert.match(bad.text, /promote_matching_domain/);
    });
    it('a later probe: a bare address among named recipients, one-word names of people with their own cards, the counts, the name of a one-person list', async () => {
      const post = async (user_id: string, entries: unknown[]) => {
        const r = await api.post('/v0/address-book', { user_id, source: { type: 'gmail', email: 'owner@gmail.com' }, entries, include_left_out: 1 });
        assert.equal(r.status, 200, r.text);
        const c = r.body.meta.cleaning;
        assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
        return { rows: (r.body.data as Row[]).map((x) => [x.name, [...x.emails].sort()]), c };
      };
      // Fay is a row of her own holding her address; Dee's row holds only hers. Fay's card merged with the list.
      const fay = await post('fay', [
        { name: 'Fay Wong', emails: ['fay@c.org'], times_contacted: 2 },
        { emails: ['Dee Moss <dee@a.org>, Eli Roth <eli@b.org>, fay@c.org'], times_contacted: 1 },
      ]);
      assert.deepEqual(
        fay.rows.filter((x) => (x[1] as string[]).includes('fay@c.org')),
        [['Fay Wong', ['fay@c.org']]],
      );
      assert.deepEqual(
        fay.rows.find((x) => x[0] === 'Dee Moss'),
        ['Dee Moss', ['dee@a.org']],
      );
      assert.deepEqual([fay.c.contacts, fay.c.merged, fay.c.left_out, fay.c.people_from_lists], [3, 1, 0, 2]);
      // Tina Moss's own card names the list's `Tina`: she leaves the card and is her own row; Tim stays
      // the card's, under its name (only items another card shows to be people leave a card).
      const kids = await post('kids', [
        { name: 'Kids', emails: ['Tim <tim@x.org>, Tina <tina@y.org>'] },
        { name: 'Tina Moss', emails: ['tina@y.org'], times_contacted: 3 },
      ]);
      assert.deepEqual(kids.rows.map((x) => x[0]).sort(), ['Kids', 'Tina Moss']);
      // The list counts with Ann, whose card merged with it; Bo and Cy came from the list alone.
      const three = await post('three', [
        { emails: ['Ann Lee <ann@x.org>, Bo Kim <bo@y.org>, Cy Dunn <cy@z.org>'] },
        { name: 'Ann Lee', emails: ['ann@x.org'] },
      ]);
      assert.deepEqual([three.c.entries_read, three.c.contacts, three.c.merged, three.c.people_from_lists], [2, 3, 1, 2]);
      // One person's list takes her fullest name.
      const one = await post('one', [{ emails: ['Fay <fay@c.org>, Fay Wong <fay.wong@d.org>'] }, { emails: ['Gus <g1@x.org>, Gus <g2@y.org>'] }]);
      assert.deepEqual(one.rows.map((x) => x[0]).sort(), ['Fay Wong', 'Gus']);
    });

    it('a recipients probe: a nameless list of bare addresses, an assistant on her boss card, named items at X.500 and Notes addresses; each person a row of their own', async () => {
      const source = { type: 'gmail', email: 'owner.person@corp.com', name: 'Owner Person' };
      const post = async (user_id: string, entries: unknown[]) => {
        const r = await api.post('/v0/address-book?include_left_out=1&explain=1', { user_id, source, entries });
        assert.equal(r.status, 200, r.text);
        const c = r.body.meta.cleaning;
        assert.equal(c.entries_read + (c.people_from_lists ?? 0), c.contacts + c.merged + c.left_out, JSON.stringify(c));
        const rows = (r.body.data as Row[]).map((x) => [x.name, [...x.emails].sort()] as [string | null, string[]]);
        // No address in two rows.
        const all = rows.flatMap((x) => x[1]);
        assert.equal(new Set(all).size, all.length, JSON.stringify(rows));
        const g = await api.get(`/v0/address-book/${user_id}?include_left_out=1`);
        assert.equal(g.status, 200, g.text);
        assert.deepEqual(
          (g.body.data as Row[]).map((x) => [x.name, [...x.emails].sort()]),
          rows,
        );
        return { rows, c, data: r.body.data as (Row & { unusable?: unknown })[] };
      };
      const jane = { name: 'Jane Doe', email: 'jane.doe@corp.com', times_contacted: 1 };
      const one = await post('recipients-1', [jane, { email: 'john.smith@corp.com; jane.doe@corp.com', times_contacted: 2 }]);
      assert.deepEqual(one.rows.map((x) => x[1]).sort(), [['jane.doe@corp.com'], ['john.smith@corp.com']]);
      assert.deepEqual(one.rows.find((x) => x[1][0] === 'jane.doe@corp.com')![0], 'Jane Doe');
      assert.deepEqual([one.c.entries_read, one.c.contacts, one.c.merged, one.c.people_from_lists], [2, 2, 1, 1]);
      const two = await post('recipients-2', [
        { name: 'John Smith', email: 'john.smith@corp.com', times_contacted: 9 },
        jane,
        { email: 'john.smith@corp.com; jane.doe@corp.com; all.employees@corp.com', times_contacted: 2 },
      ]);
      assert.deepEqual(two.rows.find((x) => x[0] === 'John Smith')![1], ['john.smith@corp.com']);
      assert.deepEqual(two.rows.find((x) => x[0] === 'Jane Doe')![1], ['jane.doe@corp.com']);
      assert.ok(
        two.rows.some((x) => x[1].length === 1 && x[1][0] === 'all.employees@corp.com'),
        JSON.stringify(two.rows),
      );
      const four = await post('recipients-4', [{ email: 'john.smith@corp.com, jane.doe@corp.com, bob.roe@corp.com, amy.wu@corp.com', times_contacted: 2 }]);
      assert.equal(four.rows.length, 4, JSON.stringify(four.rows));
      assert.deepEqual([four.c.entries_read, four.c.contacts, four.c.people_from_lists], [1, 4, 3]);
      // Must stay one: one person's two addresses, and a couple's card with its couple's name.
      const same = await post('recipients-same', [
        { emails: ['john.smith@corp.com', 'johnsmith@gmail.com'] },
        { name: 'Ann & Bo Lee', email: 'ann@x.com, bo@x.com' },
      ]);
      assert.equal(same.rows.length, 2, JSON.stringify(same.rows));
      // The assistant: her own row, his without her address.
      const boss = await post('recipients-boss', [
        { name: 'Jeff Skilling', emails: ['jeff.skilling@corp.com', 'sherri.sera@corp.com'], times_contacted: 3 },
        { name: 'Sherri Sera', email: 'sherri.sera@corp.com', times_contacted: 10 },
      ]);
      assert.deepEqual(boss.rows.sort(), [
        ['Jeff Skilling', ['jeff.skilling@corp.com']],
        ['Sherri Sera', ['sherri.sera@corp.com']],
      ]);
      assert.deepEqual([boss.c.entries_read, boss.c.contacts, boss.c.merged, boss.c.left_out], [2, 2, 0, 0]);
      // Named items at unusable addresses: a person each, kept unusable on the owner's evidence.
      const x500 = await post('recipients-x500', [
        { email: '"Smith, John" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JSMITH>, "Doe, Jane" </O=CORP/OU=NA/CN=RECIPIENTS/CN=JDOE>', times_contacted: 5 },
        { email: 'John Smith/HOU/ECT@ECT, Jane Doe/HOU/ECT@ECT, Bo Chen/NA/Corp@Corp', times_contacted: 5 },
      ]);
      assert.deepEqual(x500.data.map((x) => x.name).sort(), ['Bo Chen', 'Doe, Jane', 'Jane Doe', 'John Smith', 'Smith, John']);
      assert.ok(
        x500.data.every((x) => x.email === null && x.unusable !== undefined),
        JSON.stringify(x500.data),
      );
      assert.deepEqual([x500.c.entries_read, x500.c.contacts, x500.c.people_from_lists, x500.c.kept_without_address], [2, 5, 3, 5]);
    });
  });
}
