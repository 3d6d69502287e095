/**
 * Faults a black-box probe found at the HTTP layer: doubled slashes in paths, the 413's limit and
 * `Expect: 100-continue`, error answers without X-Request-Id or CORS headers, the 431 of a long URL,
 * disconnects mid-body, the validator's wording, MySQL's zero date and the words flags take.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

for (const engine of ENGINES) {
  describe(`HTTP probe faults on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('reads a doubled slash in a path as one, keeps an encoded slash in a user id, never reads an empty user id', async () => {
      // A client whose base URL ends in '/' writes '//v0/...'.
      const up = await api.post('//v0/address-book', { user_id: 'a/b', source: {}, entries: [{ email: 'ann@example.com' }] });
      assert.equal(up.status, 200, up.text);
      const test = await api.get('/v0//test');
      assert.equal(test.status, 200, test.text);
      for (const path of ['/v0/address-book/a%2Fb', '/v0/address-book//a%2Fb', '//v0//address-book//a%2Fb//']) {
        const r = await api.get(path);
        assert.equal(r.status, 200, `${path}: ${r.text}`);
        assert.equal(r.body.meta.user_id, 'a/b', path);
      }
      // Encoded slashes are never merged: a%2F%2Fb is the user "a//b", who has no book.
      const other = await api.get('/v0/address-book/a%2F%2Fb');
      assert.equal(other.status, 404, other.text);
      assert.equal(other.body.code, 'address_book_not_found');
      // No user id between the slashes is no user id: a 400, never a user "".
      for (const path of ['/v0/address-book//', '/v0/address-book///']) {
        const r = await api.get(path);
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.equal(r.body.details[0].field, 'user_id');
      }
      const gone = await api.del('/v0/address-book//a%2Fb');
      assert.equal(gone.status, 200, gone.text);
      // A known path with a doubled slash and another method: the 405 still lists its methods.
      const put = await api.request('PUT', '//v0/address-book');
      assert.equal(put.status, 405, put.text);
      assert.match(put.headers.get('allow') ?? '', /POST/);
    });
  });
}
