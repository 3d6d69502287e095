/**
 * /docs in headless Chromium (Debian's `chromium` package, driven by playwright-core): the reference
 * page renders every endpoint, and no request leaves this machine while it loads.
 * Skipped, loudly, when /usr/bin/chromium is not installed (apt-get install -y chromium).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserSkip, launchBrowser, SHOTS } from '../helpers/browser.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

const skip = browserSkip('/docs browser tests');

describe('/docs in headless Chromium', { skip }, () => {
  let api: TestApi;
  let browser: Browser;
  before(async () => {
    api = await startApi('sqlite');
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await api?.close();
  });

  it('lists every endpoint, loading everything from this server only', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()}`));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(`console: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));

    await page.goto(`${api.base}/docs`, { waitUntil: 'networkidle' });
    await page.waitForSelector('.opblock-summary-path', { timeout: 20_000 });
    const paths = await page.$$eval('.opblock-summary-path', (els) =>
      els.map((e) => (e.getAttribute('data-path') ?? e.textContent ?? '').replace(/\u200b/g, '').trim()),
    );
    const methods = await page.$$eval('.opblock-summary-method', (els) => els.map((e) => e.textContent?.trim()));
    const ops = paths.map((p, i) => `${methods[i]} ${p}`);
    for (const op of [
      'GET /v0/test',
      'POST /v0/address-book',
      'GET /v0/address-book/{user_id}',
      'DELETE /v0/address-book/{user_id}',
      'POST /v0/invites-sent',
      'POST /v0/invites-accepted',
      'POST /v0/users',
      'POST /v0/suggested-seen',
    ]) {
      assert.ok(ops.includes(op), `${op} is listed (got ${ops.join(', ')})`);
    }
    assert.match(await page.title(), /Kith API reference/);

    // Opening an operation shows its request example.
    await page.click('#operations-address_book-post_v0_address_book .opblock-summary');
    await page.waitForSelector(
      '#operations-address_book-post_v0_address_book .body-param__example, #operations-address_book-post_v0_address_book .microlight',
      { timeout: 10_000 },
    );
    assert.match((await page.textContent('#operations-address_book-post_v0_address_book')) ?? '', /Zo[eë]/);

    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}docs.png`, fullPage: false });

    const origin = new URL(api.base).origin;
    const outside = requested.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'));
    assert.deepEqual(outside, [], 'no request leaves the machine');
    assert.ok(requested.length >= 5, `the page loaded its assets (${requested.length} requests)`);
    assert.deepEqual(problems, [], 'no failed request, CSP violation or script error');
    await page.close();
  });
});
