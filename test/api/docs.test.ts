/**
 * The OpenAPI document (an example for every request) and the /docs reference page (served locally:
 * every asset from this server, and a CSP that forbids any other origin). The page itself is opened in
 * Chromium by test/browser/docs.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

interface Operation {
  parameters?: { name: string; in: string; example?: unknown; examples?: unknown; schema?: { example?: unknown } }[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: unknown; schema: unknown }> };
}

for (const engine of ENGINES) {
  describe(`OpenAPI document and /docs on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine);
    });
    after(async () => {
      await api?.close();
    });

    it('lists every endpoint, and every request body and parameter has an example', async () => {
      const r = await api.get('/v0/openapi.json', null);
      assert.equal(r.status, 200);
      assert.match(r.body.openapi, /^3\./);
      const paths = r.body.paths as Record<string, Record<string, Operation>>;
      for (const p of [
        '/v0/test',
        '/v0/address-book',
        '/v0/address-book/{user_id}',
        '/v0/invites-sent',
        '/v0/invites-accepted',
        '/v0/users',
        '/v0/suggested-seen',
        '/invites-sent',
        '/invites-accepted',
      ]) {
        assert.ok(paths[p], `${p} is documented`);
      }
      let bodies = 0;
      let params = 0;
      for (const [path, ops] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(ops)) {
          for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
            bodies++;
            assert.ok(media.example !== undefined || media.examples !== undefined, `${method.toUpperCase()} ${path} (${type}) has a request example`);
          }
          for (const p of op.parameters ?? []) {
            params++;
            assert.ok(
              p.example !== undefined || p.examples !== undefined || p.schema?.example !== undefined,
              `${method.toUpperCase()} ${path} parameter ${p.name} has an example`,
            );
          }
        }
      }
      assert.ok(bodies >= 7 && params >= 10, `examples checked: ${bodies} bodies, ${params} parameters`);
    });

    it('the examples are valid requests: the server accepts each one', async () => {
      const doc = (await api.get('/v0/openapi.json', null)).body;
      const sent: string[] = [];
      for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
        const op = ops.post;
        const example = op?.requestBody?.content['application/json']?.example;
        if (example === undefined) continue;
        const r = await api.post(path, example);
        assert.equal(r.status, 200, `POST ${path} with its own example: ${r.text}`);
        sent.push(path);
      }
      assert.ok(sent.includes('/v0/address-book') && sent.includes('/v0/users'));
      const get = doc.paths['/v0/address-book/{user_id}'].get as Operation;
      const query = new URLSearchParams();
      for (const p of get.parameters ?? []) if (p.in === 'query') query.set(p.name, String(p.example ?? p.schema?.example));
      const r = await api.get(`/v0/address-book/42?${query}`);
      assert.equal(r.status, 200, r.text);
    });

    it('meta.docs links to /docs, which serves the reference page and its assets from this server', async () => {
      const test = await api.get('/v0/test');
      assert.match(test.body.meta.docs, /\/docs$/);
      const page = await fetch(`${api.base}/docs/`);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /<title>Kith API reference<\/title>/);
      // Every script and stylesheet is a relative URL on this server.
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      assert.ok(assets.length >= 4);
      for (const a of assets) {
        assert.doesNotMatch(a, /^(https?:)?\/\//, `${a} is local`);
        const res = await fetch(new URL(a, `${api.base}/docs/`));
        assert.equal(res.status, 200, `${a} is served`);
        await res.arrayBuffer();
      }
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'self'/);
      assert.match(csp, /connect-src 'self'/);
      assert.doesNotMatch(csp, /https:|validator\.swagger\.io|upgrade-insecure-requests/);
      const spec = await (await fetch(`${api.base}/docs/json`)).json();
      assert.equal(spec.servers[0].url, '/', '"Try it out" calls the server the page came from');
      // An asset the page does not have is a 404 (it was a 405 saying GET is not allowed, use GET).
      const missing = await api.get('/docs/static/no-such-file.js');
      assert.equal(missing.status, 404, missing.text);
      assert.equal(missing.body.code, 'not_found');
      assert.equal((await api.request('PUT', '/docs/static/no-such-file.js')).status, 405);
    });

    it('adding examples left validation as it was: a bad body is still a 400 naming the field', async () => {
      const r = await api.post('/v0/invites-sent', { entries: [{ email: 'a@example.com' }] });
      assert.equal(r.status, 400);
      assert.equal(r.body.code, 'invalid_request');
      assert.match(r.body.error, /user_id/);
    });
  });
}
