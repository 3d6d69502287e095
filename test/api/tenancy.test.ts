/**
 * Tenancy and deletion, beyond security.test.ts (which proves every route refuses bad keys and that
 * another app or a `test` key sees nothing): here, that a DELETE really forgets the user in every table,
 * and that another tenant's writes and deletes never touch this tenant's rows.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startApi, tenantOfKey, type TestApi } from '../helpers/api.ts';
import { dumpAllRows } from '../helpers/db-scan.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

/** Rows of one tenant (`appId:env`), sorted, as text. */
async function tenantRows(api: TestApi, tenant: string): Promise<string[]> {
  return (await dumpAllRows(api.url)).filter((r) => r.includes(`"tenant":"${tenant}"`)).sort();
}

for (const engine of ENGINES) {
  describe(`tenancy and deletion on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let tenant: string;
    before(async () => {
      api = await startApi(engine);
      tenant = await tenantOfKey(api, api.key);
    });
    after(async () => {
      await api?.close();
    });

    it('after DELETE, no row of any table mentions the user or any of their contacts', async () => {
      const tag = randomBytes(4).toString('hex');
      const user = `gone-${tag}`;
      // Everything that can be stored about this user, through every endpoint that stores data.
      const contacts = [
        { name: `Quinn Zephyr${tag}`, emails: [`Quinn.Zephyr.${tag}@Example.org`], phones: ['(415) 555-0142'], data: { crm: `crm-${tag}` } },
        { name: `Rhea Valdez${tag}`, email: `rhea.${tag}@example.net`, phone: '+44 20 7946 0123', nickname: `rv${tag}`, company: `Acme${tag}` },
        {
          name: `Sol Ibarra${tag}`,
          emails: [`sol.${tag}@example.com`],
          addresses: [{ city: `Town${tag}` }],
          websites: [{ url: `https://sol${tag}.example`, type: 'home' }],
        },
      ];
      const owner = { name: `Owner${tag}`, email: `owner.${tag}@example.com`, phone: '+14155550100', type: 'ios' };
      assert.equal((await api.post('/v0/address-book', { user_id: user, source: owner, entries: contacts.slice(0, 2) })).status, 200);
      assert.equal(
        (await api.post('/v0/address-book', { user_id: user, source: { type: 'gmail', email: `owner.${tag}@example.com` }, entries: contacts.slice(1) }))
          .status,
        200,
      );
      assert.equal(
        (await api.post('/v0/suggested-seen', { entries: [{ user_id: user, emails: [`sol.${tag}@example.com`], phones: ['+14155550142'] }] })).status,
        200,
      );
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: user, email: `rhea.${tag}@example.net`, invitee_name: `Rhea Valdez${tag}` }])).status, 200);
      assert.equal((await api.post('/invites-accepted', [{ email: `quinn.zephyr.${tag}@example.org`, user_id: user, new_user_id: `nu-${tag}` }])).status, 200);
      assert.equal((await api.post('/v0/invites-accepted', [{ email: `someone.${tag}@example.org`, new_user_id: user }])).status, 200);
      // The spec names an accepted invite's `user_id` "the new user's id": a row with only `user_id` is
      // the user's own acceptance too, and goes with them.
      assert.equal((await api.post('/v0/invites-accepted', [{ email: `spec.reader.${tag}@example.org`, user_id: user }])).status, 200);
      // A neighbour in the same tenant, and the same user id in another app: both must survive.
      const neighbour = `stay-${tag}`;
      assert.equal(
        (await api.post('/v0/address-book', { user_id: neighbour, source: {}, entries: [{ name: 'Kept', email: `kept.${tag}@example.com` }] })).status,
        200,
      );
      const otherKey = await api.newKey();
      const otherTenant = await tenantOfKey(api, otherKey);
      assert.equal((await api.post('/v0/address-book', { user_id: user, source: owner, entries: contacts }, otherKey)).status, 200);
      await api.storage.flushIndex(); // the background indexer changes nothing more while we compare
      const otherBefore = await tenantRows(api, otherTenant);

      const mine = (await tenantRows(api, tenant)).join('\n');
      assert.ok(mine.includes(user) && mine.includes(`rhea.${tag}`), 'the scan sees the data before the DELETE');

      const del = await api.del(`/v0/address-book/${user}`);
      assert.equal(del.status, 200, del.text);
      assert.equal(del.body.message, `Address book for ${user} deleted.`);

      // Every trace: the user id, owner and contact addresses in any case, phones as uploaded and in
      // E.164, names, nicknames, companies, postal and web addresses, the caller's `data`.
      const traces = [
        user,
        `owner.${tag}`,
        `Owner${tag}`,
        `quinn.zephyr.${tag}`,
        `rhea.${tag}`,
        `sol.${tag}`,
        `Quinn Zephyr${tag}`,
        `Rhea Valdez${tag}`,
        `Sol Ibarra${tag}`,
        `rv${tag}`,
        `Acme${tag}`,
        `Town${tag}`,
        `sol${tag}.example`,
        `crm-${tag}`,
        '+14155550142',
        '415) 555-0142',
        '+442079460123',
        '7946 0123',
        '+14155550100',
      ];
      const left = await tenantRows(api, tenant);
      for (const row of left) {
        const lower = row.toLowerCase();
        const hits = traces.filter((t) => lower.includes(t.toLowerCase()));
        if (hits.length === 0) continue;
        // By design (docs/data-retention.md) the DELETE's tombstone names the user id and nothing else of
        // them, for minutes (an upload of the user still waiting must lose to the DELETE).
        if (row.startsWith('deletions: ')) {
          assert.deepEqual(hits, [user], row);
          assert.deepEqual(Object.keys(JSON.parse(row.slice('deletions: '.length))).sort(), ['deleted_at', 'tenant', 'user_id'], row);
          continue;
        }
        // By design (docs/data-retention.md) an acceptance is the invitee's record: its row stays, with
        // the invitee's address only, and no link to the deleted user.
        assert.ok(row.startsWith('invites_accepted: '), `after DELETE, ${hits.join(', ')} remain in ${row.slice(0, 300)}`);
        assert.deepEqual(hits, [`quinn.zephyr.${tag}`], row);
        assert.match(row, /"user_id":null/);
      }
      assert.ok(
        left.some((r) => r.includes(`kept.${tag}`)),
        'the neighbour is untouched',
      );
      // The user's own acceptance (they were the invitee: their address) goes with them.
      assert.ok(!left.some((r) => r.includes(`someone.${tag}`)), 'the acceptance whose new user was deleted is gone');
      assert.ok(!left.some((r) => r.includes(`spec.reader.${tag}`)), 'the acceptance naming the user only as user_id is gone');
      assert.ok(mine.includes(`spec.reader.${tag}`), 'it was there before');
      assert.deepEqual(await tenantRows(api, otherTenant), otherBefore, 'the same user id in another app is untouched');
      assert.equal((await api.get(`/v0/address-book/${user}`)).status, 404);
      assert.equal((await api.get(`/v0/address-book/${user}`, otherKey)).status, 200);

      // A second DELETE is a 404 and changes nothing but its own tombstone's time (`deletions`: an upload
      // of the user still waiting is refused after a DELETE of nothing too; docs/scaling.md).
      const notTomb = (rows: string[]) => rows.filter((r) => !r.startsWith('deletions: '));
      const again = await tenantRows(api, tenant);
      const del2 = await api.del(`/v0/address-book/${user}`);
      assert.equal(del2.status, 404);
      assert.equal(del2.body.code, 'address_book_not_found');
      assert.deepEqual(notTomb(await tenantRows(api, tenant)), notTomb(again));
    });

    // The bytes, not only the rows: SQLite keeps a deleted row's bytes in its page, in the pages it frees
    // and in the WAL's old frames unless told otherwise (a scan of the file found every address of a
    // deleted user). secure_delete zeroes them in the file, and the DELETE has the WAL truncated.
    if (engine === 'sqlite') {
      it("after DELETE, the SQLite file and its WAL hold no byte of the user's contacts; another user's stay", async () => {
        const tag = randomBytes(4).toString('hex');
        const entries = (who: string) =>
          Array.from({ length: 300 }, (_, i) => ({
            name: `${who} Person${i}`,
            emails: [`${who}.${tag}.${i}@example.org`],
            phones: [`+1415555${String(i).padStart(4, '0')}`],
            times_contacted: i % 5,
          }));
        for (const who of ['gone', 'kept']) {
          const r = await api.post('/v0/address-book', {
            user_id: `${who}-${tag}`,
            source: { type: 'gmail', email: `owner.${who}.${tag}@example.com` },
            entries: entries(who),
          });
          assert.equal(r.status, 200, r.text);
        }
        await api.storage.flushIndex();
        const path = api.url.slice('sqlite:'.length);
        const files = () => [path, `${path}-wal`].map((f) => (existsSync(f) ? readFileSync(f).toString('latin1') : '')).join('\n');
        assert.ok(files().includes(`gone.${tag}.7@`), 'the scan sees the data before the DELETE');
        assert.equal((await api.del(`/v0/address-book/gone-${tag}`)).status, 200);
        // The WAL is truncated by the checkpointer thread soon after the answer, not inside it.
        let text = files();
        for (let i = 0; i < 200 && text.includes(`gone.${tag}`); i++) {
          await new Promise((r) => setTimeout(r, 50));
          text = files();
        }
        assert.ok(!text.includes(`gone.${tag}`), 'no address of the deleted user is left in the file or its WAL');
        assert.ok(!text.includes(`owner.gone.${tag}`), "nor the owner's own");
        assert.ok(text.includes(`kept.${tag}.7@`), "another user's are kept");
        assert.equal((await api.get(`/v0/address-book/kept-${tag}?limit=1`)).status, 200);
      });
    }

    it('DELETE /v0/users/:user_id forgets an app user: its addresses, numbers and name; a second one is a 404; another app keeps its own', async () => {
      const tag = randomBytes(4).toString('hex');
      const id = `member-${tag}`;
      const member = { id, name: `Mia Member${tag}`, emails: [`mia.${tag}@example.org`], phones: ['+1 415 555 0166'] };
      assert.equal((await api.post('/v0/users', [member])).status, 200);
      const otherKey = await api.newKey();
      assert.equal((await api.post('/v0/users', [member], otherKey)).status, 200);
      const book = {
        user_id: `asker-${tag}`,
        source: {},
        entries: [
          { name: 'Mia', emails: [`mia.${tag}@example.org`] },
          { name: 'Noa', emails: [`noa.${tag}@example.org`] },
        ],
      };
      assert.equal((await api.post('/v0/address-book', book)).status, 200);
      const listed = async () => (await api.get(`/v0/address-book/asker-${tag}?filter_existing_users=1`)).body.data.map((d: { name: string }) => d.name);
      assert.deepEqual(await listed(), ['Noa'], 'an app user is filtered out');
      // DELETE of the address book keeps the app-user record (the person may still use the app).
      const del = await api.del(`/v0/users/${id}`);
      assert.equal(del.status, 200, del.text);
      assert.equal(del.body.message, `App user ${id} deleted.`);
      assert.deepEqual((await listed()).sort(), ['Mia', 'Noa'], 'no longer an app user');
      const rows = (await tenantRows(api, tenant)).filter((r) => r.startsWith('app_users: '));
      assert.ok(!rows.some((r) => r.includes(tag)), rows.join('\n'));
      const again = await api.del(`/v0/users/${id}`);
      assert.equal(again.status, 404);
      assert.equal(again.body.code, 'not_found');
      const theirs = (await tenantRows(api, await tenantOfKey(api, otherKey))).filter((r) => r.startsWith('app_users: '));
      assert.ok(
        theirs.some((r) => r.includes(`mia.${tag}`)),
        'the same id in another app is untouched',
      );
      // An id of 200 emoji (256 characters at most, as the body's schema counts them) can be deleted too
      // (it was stored and then refused by the path's length check: a review); an empty one is named.
      const emoji = '\u{1F600}'.repeat(200);
      assert.equal((await api.post('/v0/users', [{ id: emoji, email: `emoji.${tag}@example.org` }])).status, 200);
      assert.equal((await api.del(`/v0/users/${encodeURIComponent(emoji)}`)).status, 200);
      for (const path of ['/v0/users/', '/v0/users//']) {
        const empty = await api.del(path);
        assert.equal(empty.status, 400, `${path}: ${empty.text}`);
        assert.equal(empty.body.details[0].field, 'user_id');
      }
    });

    it("DELETE and writes with another tenant's key never touch this tenant's rows", async () => {
      const user = `shared-${randomBytes(3).toString('hex')}`;
      const body = {
        user_id: user,
        source: { email: 'me@acme.example' },
        entries: [
          { name: 'Ana', email: 'ana@example.org', phone: '+14155550111' },
          { name: 'Bo', email: 'bo@acme.example' },
        ],
      };
      assert.equal((await api.post('/v0/address-book', body)).status, 200);
      await api.post('/v0/suggested-seen', { entries: [{ user_id: user, email: 'bo@acme.example' }] });
      await api.storage.flushIndex(); // this tenant's own index work done: only an intruder could change its rows now
      const mineBefore = await tenantRows(api, tenant);
      const rankedBefore = (await api.get(`/v0/address-book/${user}?filter_existing_users=1&filter_invites_sent=1&filter_suggested_seen=1`)).body.data;

      const intruders = [await api.newKey(), await api.newKey({ app: api.appName, env: 'test' })];
      for (const k of intruders) {
        // Same user id, same contacts: every write lands in the intruder's own tenant.
        assert.equal((await api.post('/v0/address-book', body, k)).status, 200);
        assert.equal((await api.post('/v0/users', [{ id: 9, email: 'ana@example.org' }], k)).status, 200);
        assert.equal((await api.post('/v0/invites-sent', [{ user_id: user, email: 'ana@example.org' }], k)).status, 200);
        assert.equal((await api.post('/invites-accepted', [{ email: 'ana@example.org', user_id: user }], k)).status, 200);
        assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: user, email: 'ana@example.org' }] }, k)).status, 200);
        assert.equal((await api.del(`/v0/address-book/${user}`, k)).status, 200, 'deletes its own copy');
        assert.equal((await api.del(`/v0/address-book/${user}`, k)).status, 404, 'and never reaches ours');
      }
      assert.deepEqual(await tenantRows(api, tenant), mineBefore, "another tenant changed this tenant's rows");
      const rankedAfter = (await api.get(`/v0/address-book/${user}?filter_existing_users=1&filter_invites_sent=1&filter_suggested_seen=1`)).body.data;
      assert.deepEqual(rankedAfter, rankedBefore, "another tenant's signals changed this ranking");
    });

    it('DELETE of a user with records but no stored book is a 200 that forgets them; then a 404', async () => {
      const user = `records-only-${randomBytes(3).toString('hex')}`;
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: user, email: 'x@example.com' }])).status, 200);
      assert.equal((await api.post('/v0/suggested-seen', { entries: [{ user_id: user, email: 'y@example.com' }] })).status, 200);
      assert.ok((await tenantRows(api, tenant)).some((row) => row.includes(user)));
      const r = await api.del(`/v0/address-book/${user}`);
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.message, `Address book for ${user} deleted.`);
      // Gone, but for the DELETE's tombstone (the user id and its time: docs/data-retention.md).
      assert.ok(!(await tenantRows(api, tenant)).some((row) => row.includes(user) && !row.startsWith('deletions: ')), 'the records are gone');
      const again = await api.del(`/v0/address-book/${user}`);
      assert.equal(again.status, 404);
      assert.equal(again.body.code, 'address_book_not_found');
      assert.equal((await api.get(`/v0/address-book/${user}`)).status, 404);
    });
  });
}
