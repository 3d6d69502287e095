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

    it('every operation documents the error shape, and real errors have it', async () => {
      const doc = (await api.get('/v0/openapi.json', null)).body;
      const error = doc.components.schemas.Error as {
        required: string[];
        properties: Record<string, { anyOf?: { const: string }[]; properties?: Record<string, unknown>; required?: string[] }>;
      };
      assert.deepEqual([...error.required].sort(), ['code', 'error', 'meta']);
      const codes = error.properties.code!.anyOf!.map((c) => c.const);
      let ops = 0;
      for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>)) {
        for (const [method, op] of Object.entries(item)) {
          ops++;
          assert.deepEqual(
            (op.responses?.default as { content: unknown } | undefined)?.content,
            { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            `${method.toUpperCase()} ${path} documents its errors`,
          );
        }
      }
      assert.ok(ops >= 15, `${ops} operations`);
      // Real errors of several kinds: exactly the documented fields, of the documented kinds.
      const answers = [
        await api.get('/v0/address-book/nobody-here'),
        await api.post('/v0/address-book', { user_id: 'u1', entries: [{ email: 5 }] }),
        await api.get('/v0/test', null),
        await api.del('/v0/openapi.json'),
        await api.get('/v0/address-book/u1?limit=ten'),
      ];
      for (const r of answers) {
        assert.ok(r.status >= 400, r.text);
        for (const k of Object.keys(r.body)) assert.ok(k in error.properties, `${k} is documented (${r.text})`);
        for (const k of error.required) assert.ok(k in r.body, `${k} is sent (${r.text})`);
        assert.ok(codes.includes(r.body.code), `${r.body.code} is a documented code`);
        for (const k of Object.keys(r.body.meta)) assert.ok(k in error.properties.meta!.properties!, `meta.${k} is documented`);
        for (const d of r.body.details ?? []) assert.deepEqual(Object.keys(d).sort(), ['field', 'message']);
      }
      assert.deepEqual(
        answers.map((r) => r.status),
        [404, 400, 401, 405, 400],
      );
      // GET /v0/test documents its answer, field for field.
      const testOk = doc.paths['/v0/test'].get.responses['200'].content['application/json'].schema as { properties: Record<string, { properties?: object }> };
      const r = await api.get('/v0/test');
      assert.deepEqual(Object.keys(r.body).sort(), Object.keys(testOk.properties).sort());
      assert.deepEqual(Object.keys(r.body.meta).sort(), Object.keys(testOk.properties.meta!.properties!).sort());
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
