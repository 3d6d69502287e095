/**
 * A probe of the HTTP API, on each engine: `Ann Lee` and `Ann Smith` on one mailbox and one mobile are one
 * person (docs/cleaning.md, the mailbox rule), and were two rows as soon as either card was in the book
 * twice: the same upload sent again (no replace_source: "sending the same upload twice changes nothing
 * in the list", docs/api.md), the card twice in one upload, or saved again in a mail account. The merge's
 * guards counted cards where they mean people (merge/links.ts dropCopies, twoOfOne).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };

const ANN = { name: 'Ann Lee', email: 'ann@x.example', phone: '+14155550153' };
const SMITH = { name: 'Ann Smith', email: 'ann@x.example', phone: '+14155550153' };

for (const engine of ENGINES) {
  describe(`copies of a card on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn' });
    });
    after(async () => {
      await api?.close();
    });

    const upload = async (user: string, source: object, entries: object[]) => {
      const r = await api.post('/v0/address-book', { user_id: user, source, entries });
      assert.equal(r.status, 200, r.text);
      return r.body.data as Row[];
    };
    const rows = async (user: string): Promise<Row[]> => {
      const r = await api.get(`/v0/address-book/${user}`);
      assert.equal(r.status, 200, r.text);
      return r.body.data;
    };
    const view = (rs: Row[]) => rs.map((r) => [r.name, r.emails, r.phones]);

    it('the same upload sent twice changes nothing in the list', async () => {
      const first = await upload('dup1', { type: 'ios' }, [ANN, SMITH]);
      assert.deepEqual(view(first), [['Ann Smith', ['ann@x.example'], ['+14155550153']]]);
      const again = await upload('dup1', { type: 'ios' }, [ANN, SMITH]);
      assert.deepEqual(view(again), view(first));
      assert.deepEqual(view(await rows('dup1')), view(first));
    });

    it('a card twice in one upload, or saved again in another source, is one person with the other card', async () => {
      const one = await upload('dup2', { type: 'ios' }, [ANN, ANN, SMITH]);
      assert.equal(one.length, 1, JSON.stringify(view(one)));
      await upload('dup3', { type: 'ios' }, [ANN, SMITH]);
      await upload('dup3', { type: 'gmail', email: 'owner@gmail.com' }, [ANN]);
      const both = await rows('dup3');
      assert.equal(both.length, 1, JSON.stringify(view(both)));
      assert.deepEqual([both[0]!.emails, both[0]!.phones], [['ann@x.example'], ['+14155550153']]);
      // A given name that no list holds as a short form of the other.
      const chidi = await upload('dup4', { type: 'ios' }, [
        { name: 'Chidinma Okafor', email: 'chidi@x.example', phone: '+14155550154' },
        { name: 'Chidinma Okafor', email: 'chidi@x.example', phone: '+14155550154' },
        { name: 'Chidi Okafor', email: 'chidi@x.example', phone: '+14155550154' },
      ]);
      assert.equal(chidi.length, 1, JSON.stringify(view(chidi)));
    });

    it('a family mailbox held by two people with their own mobiles stays two, sent twice', async () => {
      const family = [
        { name: 'Ray Moss', email: 'moss.family@gmail.com', phone: '+14155550111' },
        { name: 'Dee Moss', email: 'moss.family@gmail.com', phone: '+14155550112' },
      ];
      await upload('dup5', { type: 'ios' }, family);
      const twice = await upload('dup5', { type: 'ios' }, family);
      assert.deepEqual(twice.map((r) => r.name).sort(), ['Dee Moss', 'Ray Moss']);
    });
  });
}
