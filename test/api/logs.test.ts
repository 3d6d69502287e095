/**
 * Logs are structured JSON with request ids and carry no personal data: no e-mail address, phone number
 * or name from an uploaded book, and no user id from a path, reaches them, even at the most verbose
 * level and on error paths.
 */
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const PII = {
  name: 'Zelda Quorvax',
  email: 'zelda.quorvax@privacy.example',
  phone: '+1 415 555 0199',
  e164: '+14155550199',
  digits: '4155550199',
  owner: 'owner.quorvax@privacy.example',
  userId: 'uid-quorvax-77',
};

const VCARD = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${PII.name}`, `EMAIL:${PII.email}`, `TEL:${PII.phone}`, 'END:VCARD', ''].join('\r\n');

for (const engine of ENGINES) {
  describe(`logs on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'trace' });
    });
    after(async () => {
      await api?.close();
    });

    it('no e-mail address, phone, name or user id from a book reaches the logs', async () => {
      const entry = { name: PII.name, emails: [PII.email], phones: [PII.phone], data: { note: PII.name } };
      const ok = await api.post('/v0/address-book', {
        user_id: PII.userId,
        source: { type: 'ios', email: PII.owner, phone: PII.e164, name: PII.name },
        entries: [entry],
        explain: 1,
      });
      assert.equal(ok.status, 200, ok.text);
      assert.equal((await api.get(`/v0/address-book/${PII.userId}?promote_matching_domain=privacy.example&explain=1`)).status, 200);
      // Error paths: a field error, bad JSON, an unknown user, a bad key with the data in the URL.
      assert.equal((await api.post('/v0/address-book', { user_id: PII.userId, source: { type: PII.email }, entries: [entry] })).status, 400);
      assert.equal(
        (
          await api.request('POST', '/v0/address-book', {
            raw: `{"user_id": "${PII.userId}", "entries": [{"email": "${PII.email}"`,
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        400,
      );
      assert.equal((await api.get(`/v0/address-book/${encodeURIComponent(PII.email)}`)).status, 404);
      assert.equal((await api.get(`/v0/address-book/${PII.userId}?email=${encodeURIComponent(PII.email)}`, 'kith_live_bad')).status, 401);
      // Records, and the playground's file parser.
      assert.equal((await api.post('/v0/invites-sent', [{ user_id: PII.userId, email: PII.email, invitee_name: PII.name }])).status, 200);
      assert.equal((await api.post('/v0/users', [{ id: 9, name: PII.name, email: PII.email, phone: PII.phone }])).status, 200);
      const parsed = await api.request('POST', '/playground/parse?format=vcard', { raw: VCARD, headers: { 'content-type': 'text/plain' } });
      assert.equal(parsed.status, 200, parsed.text);
      assert.equal(parsed.body.entries[0].emails[0], PII.email);
      assert.equal((await api.del(`/v0/address-book/${PII.userId}`)).status, 200);

      const text = api.logs.join('');
      assert.ok(api.logs.length >= 10, `the server logged (${api.logs.length} lines)`);
      for (const [what, value] of Object.entries(PII)) {
        assert.ok(!text.includes(value), `the ${what} (${value}) is not in the logs`);
      }
      assert.ok(!text.toLowerCase().includes('quorvax'), 'no part of the name or addresses');
    });

    it('a path that matches no route, or an absolute-form target, is logged as no route, never as sent', async () => {
      const secret = 'uid-quorvax-path-41';
      const paths = [
        `/v0/address-books/${secret}`,
        `/address-book/${secret}`,
        `//v0/address-book/${secret}`,
        `/V0/address-book/${secret}`,
        `/v0/domain-emails-x/${secret}.example`,
        `${api.base}/v0/address-book/${secret}`, // absolute form (RFC 9112 3.2.2), as a proxy may send it
      ];
      for (const path of paths) {
        await new Promise<void>((resolve, reject) => {
          const req = httpRequest(api.base, { method: 'DELETE', path, headers: { authorization: `Bearer ${api.key}` } }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          });
          req.on('error', reject);
          req.end();
        });
      }
      const text = api.logs.join('');
      assert.ok(!text.includes(secret), 'no path as sent in the logs');
      assert.ok(text.includes('(no route)'));
    });

    it('every line is JSON; request lines carry the request id, the method and the route shape', async () => {
      const id = 'log-test-request-0001';
      const r = await api.request('GET', `/v0/address-book/${PII.userId}`, { headers: { 'x-request-id': id } });
      assert.equal(r.headers.get('x-request-id'), id);
      const lines = api.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l));
      for (const l of lines) {
        assert.equal(typeof l.level, 'number');
        assert.equal(typeof l.time, 'number');
      }
      const mine = lines.filter((l) => l.reqId === id);
      assert.ok(
        mine.some((l) => l.req?.method === 'GET' && l.req?.url === '/v0/address-book/:user_id'),
        'incoming request line with the redacted route',
      );
      assert.ok(
        mine.some((l) => l.res?.statusCode === 404 && typeof l.responseTime === 'number'),
        'completion line with status and time',
      );
    });
  });
}
