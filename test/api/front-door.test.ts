/**
 * What a newcomer meets first: `GET /` points to the reference and the other pages; a wrong method on
 * any known path (API routes and the pages alike) is a 405 whose Allow header comes from the routes
 * themselves.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';

describe('front door', () => {
  let api: TestApi;
  before(async () => {
    api = await startApi('sqlite');
  });
  after(async () => {
    await api?.close();
  });

  it('GET / needs no key and links to /docs, the playground, the OpenAPI document and the metrics', async () => {
    const r = await api.get('/', null);
    assert.equal(r.status, 200);
    assert.equal(r.body.links.docs, '/docs');
    for (const path of Object.values(r.body.links) as string[]) {
      const page = await api.get(path, null);
      assert.ok(page.status === 200 || (path === '/readyz' && page.status === 503), `${path}: ${page.status}`);
    }
    assert.match(r.body.auth, /Authorization: Bearer/);
  });

  it('a wrong method on a known path is a 405 with the methods it answers, pages included', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v0/address-book', 'GET, HEAD, POST'], // GET: a client key's own book (#14)
      ['GET', '/v0/address-book-file', 'POST'],
      ['POST', '/widget.js', 'GET, HEAD'],
      ['POST', '/v0/address-book/42', 'GET, HEAD, DELETE'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['DELETE', '/v0/openapi.json', 'GET, HEAD'],
      ['POST', '/metrics', 'GET, HEAD'],
      ['GET', '/playground/parse', 'POST'],
      ['DELETE', '/invites-sent', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await api.request(method, path, { body: method === 'GET' ? undefined : {} });
      assert.equal(r.status, 405, `${method} ${path}`);
      assert.equal(r.headers.get('allow'), allow, `${method} ${path}`);
      assert.equal(r.body.code, 'method_not_allowed');
    }
    assert.equal((await api.get('/v0/nothing-here')).status, 404);
    assert.equal((await api.request('PUT', '/nothing/at/all', { body: {} })).status, 404);
  });
});
