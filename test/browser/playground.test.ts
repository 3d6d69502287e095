/**
 * /playground in headless Chromium (Debian's `chromium`, driven by playwright-core), on both engines:
 * drop a vCard file, see the cleaned, ranked list with each score's explanation; choose a Google CSV
 * with options. Saves a screenshot to tmp/playground.png. Skipped, loudly, without /usr/bin/chromium.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, SHOTS } from '../helpers/browser.ts';
import { hashKey } from '../../src/services/keys.ts';
import { tenantOf } from '../../src/storage/types.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const FIXTURES = new URL('../cli/fixtures/', import.meta.url).pathname;

const noBrowser = browserSkip('/playground browser tests');

/** A small phone export: a favourite, plain contacts, a duplicate (phone in another format), a no-reply address. */
const VCF = [
  ['Zoë Müller', 'Zoe.Mueller@example.com', '+1 415 555 0123', 'CATEGORIES:starred'],
  ['Ana Silva', 'ana@example.org', '', ''],
  ['Zoë Müller', 'Zoe.Mueller@example.com', '+1 (415) 555-0123', ''],
  ['Bo Chen', 'bo@chenlabs.example', '+1 202 555 0147', ''],
  ['Shop', 'no-reply@shop.example', '', ''],
]
  .map(([name, email, tel, extra]) =>
    [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'PRODID:-//Apple Inc.//iPhone OS 17.0//EN',
      `FN:${name}`,
      `EMAIL:${email}`,
      ...(tel ? [`TEL:${tel}`] : []),
      ...(extra ? [extra] : []),
      'END:VCARD',
    ].join('\r\n'),
  )
  .join('\r\n');

async function drop(page: Page, selector: string, text: string, name: string, type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ text, name, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type }));
      return dt;
    },
    { text, name, type },
  );
  await page.dispatchEvent(selector, 'drop', { dataTransfer });
}

const engineSkips = new Map(await Promise.all(ENGINES.map(async (e) => [e, await engineSkip(e)] as const)));

describe('/playground in headless Chromium', { skip: noBrowser }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  for (const engine of ENGINES) {
    describe(`on ${engine}`, { skip: engineSkips.get(engine) }, () => {
      let api: TestApi;
      before(async () => {
        api = await startApi(engine);
      });
      after(async () => {
        await api?.close();
      });

      it('drop a vCard: the cleaned, merged, ranked list with explanations; the book is deleted after', async () => {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        const problems: string[] = [];
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        await page.goto(`${api.base}/playground`, { waitUntil: 'networkidle' });
        await page.fill('#key', api.key);
        await page.check('input[name=filter_blank_names]');
        const userId = await page.inputValue('#user-id');
        assert.match(userId, /^playground-[0-9a-f]{12}$/);

        // Dropping the file with a key present ranks it at once.
        await drop(page, '#drop', VCF, 'contacts.vcf', 'text/vcard');
        await page.waitForSelector('#results:not([hidden]) #rows tr', { timeout: 20_000 });
        await page.waitForFunction(() => /deleted from the server/.test(document.getElementById('status')?.textContent ?? ''));

        const rows = await page.$$eval('#rows tr', (trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
        // Five cards, one no-reply (junk) and one duplicate of Zoë: three contacts.
        assert.equal(rows.length, 3, JSON.stringify(rows));
        assert.deepEqual(
          rows.map((r) => r[0]),
          ['1', '2', '3'],
        );
        const names = rows.map((r) => r[1]);
        assert.ok(names.some((n) => /Zo[eë] M[uü]/.test(n)) && names.includes('Ana Silva') && names.includes('Bo Chen'), names.join(', '));
        assert.ok(!rows.some((r) => r[2].includes('no-reply@shop.example')), 'junk is dropped');
        const zoe = rows.find((r) => /Zo[eë]/.test(r[1]))!;
        assert.match(zoe[3], /\+14155550123/, 'phones come back in E.164');
        // Every row shows its score and the per-signal explanation.
        for (const r of rows) assert.match(r[4], /^-?\d+\.\d{3}$/);
        const explained = await page.$$eval('#rows tr', (trs) => trs.map((tr) => tr.querySelectorAll('.explain .v').length));
        assert.ok(
          explained.every((n) => n > 0),
          `each row explains its score (${explained.join(', ')})`,
        );
        assert.match((await page.textContent('#summary')) ?? '', /3 shown of 5 entries read/);

        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}playground${engine === 'sqlite' ? '' : `-${engine}`}.png`, fullPage: true });

        assert.equal((await api.get(`/v0/address-book/${userId}`)).status, 404, 'the playground deleted the book again');
        const origin = new URL(api.base).origin;
        assert.deepEqual(
          requested.filter((u) => !u.startsWith(origin)),
          [],
          'no request leaves the machine',
        );
        assert.deepEqual(problems, [], 'no script error or CSP violation');
        await page.close();
      });

      it("a card with nothing usable is counted as the API counts it: the summary's entries are the file's cards", async () => {
        const page = await browser.newPage();
        await page.goto(`${api.base}/playground`);
        await page.fill('#key', api.key);
        // The five cards above and one of a vCard version no reader knows: six entries for the API
        // (meta.cleaning.entries_read), as POST /v0/address-book-file and kith import count them.
        const future = ['BEGIN:VCARD', 'VERSION:9.9', 'FN:Future', 'EMAIL:future@example.com', 'END:VCARD'].join('\r\n');
        await page.setInputFiles('#file', { name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(`${VCF}\r\n${future}\r\n`) });
        await page.click('#rank');
        await page.waitForSelector('#results:not([hidden]) #rows tr', { timeout: 20_000 });
        // It said "3 shown of 5 entries read, 1 unreadable skipped".
        assert.match((await page.textContent('#summary')) ?? '', /^3 shown of 6 entries read, 1 unreadable or empty left out/);
        await page.close();
      });

      it('choose a Google CSV with options and keep the book: the API then has it', async () => {
        const page = await browser.newPage();
        await page.goto(`${api.base}/playground`);
        await page.fill('#key', api.key);
        await page.fill('#user-id', 'pg-keep');
        await page.fill('input[name=limit]', '1');
        await page.check('input[name=keep]');
        await page.setInputFiles('#file', { name: 'google.csv', mimeType: 'text/csv', buffer: readFileSync(`${FIXTURES}google.csv`) });
        await page.click('#rank');
        await page.waitForSelector('#results:not([hidden]) #rows tr', { timeout: 20_000 });
        assert.equal(await page.$$eval('#rows tr', (trs) => trs.length), 1, 'limit=1');
        const stored = await api.get('/v0/address-book/pg-keep');
        assert.equal(stored.status, 200);
        assert.equal(stored.body.data.length, 2);
        await page.close();
      });

      it('a typed user id is ranked only when kept: the page never deletes a book (or records) under an id it did not make', async () => {
        assert.equal(
          (await api.post('/v0/address-book', { user_id: 'pg-existing', source: {}, entries: [{ name: 'Real Friend', email: 'real@friend.example' }] })).status,
          200,
        );
        const page = await browser.newPage();
        await page.goto(`${api.base}/playground`);
        await page.fill('#key', api.key);
        await page.fill('#user-id', 'pg-existing');
        await page.setInputFiles('#file', { name: 'google.csv', mimeType: 'text/csv', buffer: readFileSync(`${FIXTURES}google.csv`) });
        await page.click('#rank');
        await page.waitForSelector('#error:not([hidden])', { timeout: 20_000 });
        assert.match((await page.textContent('#error')) ?? '', /A user id you type is kept/);
        const stored = await api.get('/v0/address-book/pg-existing');
        assert.equal(stored.status, 200, 'the book is still there');
        assert.deepEqual(
          stored.body.data.map((x: { name: string }) => x.name),
          ['Real Friend'],
        );
        await page.close();
      });

      it('an upload that fails after its first batch leaves nothing on the server unless kept, and a kept one says where it is', async () => {
        // 600 rows: the first batch of 500 is stored, the second is refused (a name past the limit).
        const rows = Array.from({ length: 600 }, (_, i) => `${i === 550 ? 'N'.repeat(100_001) : `Person ${i}`},p${i}@fail.example`);
        const csv = Buffer.from(`Name,E-mail Address\n${rows.join('\n')}\n`);
        for (const keep of [false, true]) {
          const page = await browser.newPage();
          await page.goto(`${api.base}/playground`);
          await page.fill('#key', api.key);
          // A typed id is ranked only when kept; one not kept is the page's own.
          if (keep) {
            await page.fill('#user-id', 'pg-fail-true');
            await page.check('input[name=keep]');
          }
          const userId = await page.inputValue('#user-id');
          await page.setInputFiles('#file', { name: 'big.csv', mimeType: 'text/csv', buffer: csv });
          await page.click('#rank');
          await page.waitForSelector('#error:not([hidden])', { timeout: 30_000 });
          assert.match((await page.textContent('#error')) ?? '', /HTTP 400/);
          const stored = await api.get(`/v0/address-book/${userId}`);
          if (keep) {
            assert.equal(stored.status, 200, 'kept: the first batch is there');
            assert.match((await page.textContent('#status')) ?? '', /stored as user pg-fail-true/);
          } else {
            assert.equal(stored.status, 404, 'not kept: deleted again');
          }
          await page.close();
        }
      });

      it('a book the server refused to delete again is said to be still stored, and under which id (a privacy probe)', async () => {
        // Two requests a minute for this key: the upload and the ranked read pass, the DELETE is a 429.
        const limited = await startApi(engine, { LOG_LEVEL: 'warn', KITH_RATE_LIMIT: '2', KITH_RATE_LIMIT_WINDOW_MS: '60000' });
        try {
          const page = await browser.newPage();
          await page.goto(`${limited.base}/playground`);
          await page.fill('#key', limited.key);
          const userId = await page.inputValue('#user-id');
          await page.setInputFiles('#file', { name: 'c.csv', mimeType: 'text/csv', buffer: Buffer.from('Name,E-mail Address\nAnn Lee,ann@rl.example\n') });
          await page.click('#rank');
          await page.waitForSelector('#error:not([hidden])', { timeout: 20_000 });
          assert.match((await page.textContent('#error')) ?? '', /HTTP 429/);
          const status = (await page.textContent('#status')) ?? '';
          assert.match(status, new RegExp(`still stored as user ${userId}`));
          assert.doesNotMatch(status, /deleted from the server again\./);
          // It is: the page said the truth.
          const rec = await limited.storage.findKeyByHash(hashKey(limited.key));
          const book = await limited.storage.loadBook(tenantOf(rec!.appId, rec!.env), userId);
          assert.equal(book?.entries.length, 1);
          await page.close();
        } finally {
          await limited.close();
        }
      });

      it('a windows-1252 .tsv is sent as its bytes: accents survive', async () => {
        const page = await browser.newPage();
        await page.goto(`${api.base}/playground`);
        await page.fill('#key', api.key);
        await page.fill('#user-id', 'pg-latin');
        await page.check('input[name=keep]');
        // windows-1252 bytes (é = 0xE9, ü = 0xFC): file.text() would have turned them into U+FFFD.
        const buffer = Buffer.from('Name\tEmail\r\nJosé Müller\tjose@latin.example\r\n', 'latin1');
        await page.setInputFiles('#file', { name: 'latin.tsv', mimeType: 'text/tab-separated-values', buffer });
        const sent = page.waitForRequest((r) => r.url().includes('/playground/parse'));
        await page.click('#rank');
        const request = await sent;
        assert.equal(request.headers()['content-type'], 'text/tab-separated-values');
        assert.match(request.url(), /format=csv/);
        await page.waitForSelector('#results:not([hidden]) #rows tr', { timeout: 20_000 });
        const names = await page.$$eval('#rows tr', (trs) => trs.map((tr) => tr.querySelectorAll('td')[1]?.textContent ?? ''));
        assert.deepEqual(names, ['José Müller']);
        const stored = await api.get('/v0/address-book/pg-latin');
        assert.equal(stored.body.data[0].name, 'José Müller');
        await page.close();
      });

      it('a wrong key shows the API error on the page', async () => {
        const page = await browser.newPage();
        await page.goto(`${api.base}/playground`);
        await page.fill('#key', 'kith_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
        await page.setInputFiles('#file', { name: 'contacts.vcf', mimeType: 'text/vcard', buffer: Buffer.from(VCF) });
        await page.click('#rank');
        await page.waitForSelector('#error:not([hidden])');
        assert.match((await page.textContent('#error')) ?? '', /API key is not valid.*HTTP 401, unauthorized/);
        await page.close();
      });
    });
  }
});
