/**
 * The <kith-invite> widget (GET /widget.js) in headless Chromium (Debian's `chromium`, driven by
 * playwright-core), on both engines: a host page on another origin (allowed for the app) embeds it with a
 * client key; the widget shows the user's ranked contacts (suggestions, then a searchable list), records
 * the suggestions shown, hands the chosen contacts to the host page in a `kith-invite` event and records
 * them as invites sent, takes a dropped vCard, works from the keyboard, fits a phone's width, and loads
 * nothing from anywhere else. A host origin the app did not allow gets nothing. Skipped, loudly, without
 * /usr/bin/chromium.
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { browserSkip, launchBrowser, SHOTS } from '../helpers/browser.ts';
import { startApi, type TestApi } from '../helpers/api.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';

const noBrowser = browserSkip('widget browser tests');

const USER = 'w1';
/** Eight contacts; times_contacted gives the ranking a clear order. */
const ENTRIES = [
  ['Ana Silva', 'ana@example.org', 40],
  ['Bo Chen', 'bo@chenlabs.example', 30],
  ['Cleo Park', 'cleo@example.net', 20],
  ['Dev Rao', 'dev@example.com', 9],
  ['Eva Lind', 'eva@example.se', 7],
  ['Finn Moe', 'finn@example.no', 5],
  ['Gus Ortiz', 'gus@example.mx', 3],
  ['Hana Ito', 'hana@example.jp', 1],
].map(([name, email, times]) => ({ name, email, times_contacted: times }));

const VCF = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Vera Card\r\nEMAIL:vera@card.example\r\nEND:VCARD\r\n';

/** A host page on its own origin: it embeds the widget and keeps every kith-invite event it receives. */
function hostPage(apiBase: string, clientKey: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Host</title><script src="${apiBase}/widget.js"></script></head><body>
<h1>Invite your friends</h1>
<kith-invite client-key="${clientKey}" api-base="${apiBase}" suggestions="3"></kith-invite>
<script>
window.invites = [];
document.addEventListener('kith-invite', (e) => window.invites.push(e.detail.contacts));
</script></body></html>`;
}

/** Serves `html` at / on a loopback port of its own (another origin than the API). */
async function serveHost(html: () => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function until(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const names = (page: Page, list: string) => page.$$eval(`kith-invite ul.${list} .name`, (els) => els.map((e) => e.textContent));

const engineSkips = new Map(await Promise.all(ENGINES.map(async (e) => [e, await engineSkip(e)] as const)));

describe('<kith-invite> in headless Chromium', { skip: noBrowser }, () => {
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
      let clientKey: string;
      let host: { origin: string; close: () => Promise<void> };
      let stranger: { origin: string; close: () => Promise<void> };
      before(async () => {
        api = await startApi(engine);
        assert.equal(
          (await api.post('/v0/address-book', { user_id: USER, source: { type: 'gmail', email: 'me@example.com' }, entries: ENTRIES, backfill: 1 })).status,
          200,
        );
        clientKey = (await api.post('/v0/client-key', { user_id: USER })).body.client_key;
        host = await serveHost(() => hostPage(api.base, clientKey));
        stranger = await serveHost(() => hostPage(api.base, clientKey));
        const appId = (await api.storage.listKeys()).find((k) => api.key.startsWith(k.prefix))!.appId;
        await api.storage.addAppOrigin(appId, host.origin);
      });
      after(async () => {
        await host?.close();
        await stranger?.close();
        await api?.close();
      });

      it('shows the ranked contacts, records what it showed and what was invited, hands the choice to the host page', async () => {
        const page = await browser.newPage({ viewport: { width: 1024, height: 900 } });
        const problems: string[] = [];
        const requested: string[] = [];
        page.on('request', (r) => requested.push(r.url()));
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        await page.goto(host.origin, { waitUntil: 'networkidle' });
        await page.waitForSelector('kith-invite ul.all li');

        const ranked = (await api.get(`/v0/address-book/${USER}`)).body.data.map((c: { name: string }) => c.name);
        assert.deepEqual(await names(page, 'suggested'), ranked.slice(0, 3), 'the top three are the suggestions, in rank order');
        assert.deepEqual(await names(page, 'all'), ranked.slice(3), 'then the rest, in rank order');

        // The suggestions shown are recorded: filter_suggested_seen now moves them to the end.
        await until('suggested-seen', async () => {
          const seen = (await api.get(`/v0/address-book/${USER}?filter_suggested_seen=1`)).body.data.map((c: { name: string }) => c.name);
          return JSON.stringify(seen.slice(-3)) === JSON.stringify(ranked.slice(0, 3));
        });

        // Search narrows the list, and the count is announced.
        await page.fill('kith-invite input[type=search]', 'eva');
        assert.deepEqual(await names(page, 'all'), ['Eva Lind']);
        assert.match((await page.textContent('kith-invite [role=status]')) ?? '', /1 contact matches/);
        await page.fill('kith-invite input[type=search]', '');

        // Keyboard: the checkboxes are labelled by the contact, reachable and toggled with Space.
        const ana = page.getByRole('checkbox', { name: /Ana Silva/ });
        await ana.focus();
        await page.keyboard.press('Space');
        assert.equal(await ana.isChecked(), true);
        await page.keyboard.press('Tab');
        await page.keyboard.press('Space'); // the next contact: Bo Chen
        await page.getByRole('checkbox', { name: /Hana Ito/ }).check();
        const invite = page.getByRole('button', { name: /Invite 3 contacts/ });
        assert.equal(await invite.isEnabled(), true);
        await invite.click();

        await page.waitForFunction(() => (window as unknown as { invites: unknown[] }).invites.length === 1);
        const handed = await page.evaluate(() => (window as unknown as { invites: { name: string; email: string }[][] }).invites[0]);
        assert.deepEqual(handed.map((c) => [c.name, c.email]).sort(), [
          ['Ana Silva', 'ana@example.org'],
          ['Bo Chen', 'bo@chenlabs.example'],
          ['Hana Ito', 'hana@example.jp'],
        ]);
        await page.waitForFunction(() =>
          /Invited 3 contacts/.test(document.querySelector('kith-invite')!.shadowRoot!.querySelector('[role=status]')!.textContent ?? ''),
        );
        const left = (await api.get(`/v0/address-book/${USER}?filter_invites_sent=1`)).body.data.map((c: { name: string }) => c.name);
        assert.deepEqual(
          left.filter((n: string) => ['Ana Silva', 'Bo Chen', 'Hana Ito'].includes(n)),
          [],
          'the invites are recorded for the user',
        );
        assert.equal(await page.getByRole('button', { name: /^Invite$/ }).isDisabled(), true, 'nothing chosen after inviting');

        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: `${SHOTS}widget${engine === 'sqlite' ? '' : `-${engine}`}.png`, fullPage: true });
        assert.deepEqual(
          requested.filter((u) => !u.startsWith(host.origin) && !u.startsWith(api.base)),
          [],
          'nothing loaded from anywhere else',
        );
        assert.deepEqual(problems, [], 'no script error');
        await page.close();
      });

      it('a client-key set after the widget is on the page loads it; a person with nothing to invite is shown, not offered, and never stops the suggestions being recorded', async () => {
        const user = 'w-late';
        const entries = [
          { name: 'Kept Unreachable', emails: ['not an address'], times_contacted: 99 },
          { name: 'Lia Sol', email: 'lia@example.org', times_contacted: 9 },
          { name: 'Max Orr', email: 'max@example.org', times_contacted: 5 },
          { name: 'Nat Ames', email: 'nat@example.org', times_contacted: 1 },
        ];
        assert.equal((await api.post('/v0/address-book', { user_id: user, source: {}, entries, backfill: 1 })).status, 200);
        const key = (await api.post('/v0/client-key', { user_id: user })).body.client_key;
        const late = await serveHost(
          () => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Late key</title><script src="${api.base}/widget.js"></script></head><body>
<kith-invite api-base="${api.base}" suggestions="3"></kith-invite>
<script>setTimeout(() => {
  // A wrong key, then the right one at once: only the latest load shows, whichever answers last.
  const w = document.querySelector('kith-invite');
  w.setAttribute('client-key', 'kith_ck_not_a_key');
  w.setAttribute('client-key', ${JSON.stringify(key)});
}, 300);</script></body></html>`,
        );
        try {
          const appId = (await api.storage.listKeys()).find((k) => api.key.startsWith(k.prefix))!.appId;
          await api.storage.addAppOrigin(appId, late.origin);
          const page = await browser.newPage();
          await page.goto(late.origin);
          await page.waitForSelector('kith-invite ul.suggested li', { timeout: 10_000 });
          assert.deepEqual(await names(page, 'suggested'), ['Kept Unreachable', 'Lia Sol', 'Max Orr']);
          await new Promise((r) => setTimeout(r, 500)); // the wrong key's answer has come by now
          assert.doesNotMatch((await page.textContent('kith-invite [role=status]')) ?? '', /Could not load/);
          assert.deepEqual(await names(page, 'suggested'), ['Kept Unreachable', 'Lia Sol', 'Max Orr']);
          assert.equal(await page.getByRole('checkbox', { name: /Kept Unreachable/ }).isDisabled(), true);
          assert.equal(await page.getByRole('checkbox', { name: /Lia Sol/ }).isDisabled(), false);
          // The two reachable suggestions are recorded as seen (the whole batch was refused before).
          await until('suggested-seen', async () => {
            const seen = (await api.get(`/v0/address-book/${user}?filter_suggested_seen=1`)).body.data.map((c: { name: string }) => c.name);
            return JSON.stringify(seen.slice(-2)) === JSON.stringify(['Lia Sol', 'Max Orr']);
          });
          await page.close();
        } finally {
          await late.close();
        }
      });

      it('a dropped vCard is uploaded for the user and the list redrawn; readable at phone width', async () => {
        const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
        await page.goto(host.origin, { waitUntil: 'networkidle' });
        await page.waitForSelector('kith-invite ul.all li');
        const dataTransfer = await page.evaluateHandle((text) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], 'more.vcf', { type: 'text/vcard' }));
          return dt;
        }, VCF);
        await page.dispatchEvent('kith-invite .drop', 'drop', { dataTransfer });
        await page.waitForFunction(() =>
          /Imported more\.vcf/.test(document.querySelector('kith-invite')!.shadowRoot!.querySelector('[role=status]')!.textContent ?? ''),
        );
        const all = [...(await names(page, 'suggested')), ...(await names(page, 'all'))];
        assert.ok(all.includes('Vera Card'), all.join(', '));
        const stored = (await api.get(`/v0/address-book/${USER}`)).body.data.map((c: { name: string }) => c.name);
        assert.ok(stored.includes('Vera Card'), "stored in the user's book");
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `no sideways scrolling at 360 px (${overflow} px too wide)`);
        await page.screenshot({ path: `${SHOTS}widget-phone${engine === 'sqlite' ? '' : `-${engine}`}.png`, fullPage: true });
        await page.close();
      });

      it('a dropped windows-1252 .tsv is sent as its bytes: accents survive', async () => {
        const page = await browser.newPage();
        await page.goto(host.origin, { waitUntil: 'networkidle' });
        await page.waitForSelector('kith-invite ul.all li');
        // windows-1252 bytes (é = 0xE9, ü = 0xFC): file.text() would have turned them into U+FFFD.
        const bytes = [...Buffer.from('Name\tEmail\r\nJosé Müller\tjose@latin.example\r\n', 'latin1')];
        const dataTransfer = await page.evaluateHandle((b) => {
          const dt = new DataTransfer();
          dt.items.add(new File([new Uint8Array(b)], 'latin.tsv', { type: '' }));
          return dt;
        }, bytes);
        const sent = page.waitForRequest((r) => r.url().includes('/v0/address-book-file'));
        await page.dispatchEvent('kith-invite .drop', 'drop', { dataTransfer });
        const request = await sent;
        assert.equal(request.headers()['content-type'], 'application/octet-stream');
        assert.match(request.url(), /format=csv/);
        await page.waitForFunction(() =>
          /Imported latin\.tsv/.test(document.querySelector('kith-invite')!.shadowRoot!.querySelector('[role=status]')!.textContent ?? ''),
        );
        const stored = (await api.get(`/v0/address-book/${USER}`)).body.data.map((c: { name: string }) => c.name);
        assert.ok(stored.includes('José Müller'), stored.join(', '));
        await page.close();
      });

      it('on a host origin the app did not allow, the widget gets nothing and says so', async () => {
        const page = await browser.newPage();
        await page.goto(stranger.origin, { waitUntil: 'networkidle' });
        await page.waitForFunction(() =>
          /Could not load/.test(document.querySelector('kith-invite')!.shadowRoot!.querySelector('[role=status]')!.textContent ?? ''),
        );
        assert.equal(await page.$$eval('kith-invite ul.all li', (l) => l.length), 0);
        // It says where to look (a probe saw only "Failed to fetch"): the page's origin and the command that allows it.
        const said = await page.$eval('kith-invite', (el) => el.shadowRoot!.querySelector('[role=status]')!.textContent ?? '');
        assert.ok(said.includes(`does not allow this page's origin (${stranger.origin})`), said);
        assert.ok(said.includes(`kith apps cors --app NAME --allow ${stranger.origin}`), said);
        await page.close();
      });

      it('the demo page shows the widget against this server', async () => {
        const page = await browser.newPage();
        const problems: string[] = [];
        page.on('pageerror', (e) => problems.push(e.message));
        page.on('console', (m) => {
          if (m.type() === 'error') problems.push(m.text());
        });
        await page.goto(`${api.base}/widget/demo#client_key=${clientKey}`, { waitUntil: 'networkidle' });
        await page.waitForSelector('kith-invite ul.all li');
        await page.getByRole('checkbox', { name: /Cleo Park/ }).check();
        await page.getByRole('button', { name: /Invite 1 contact/ }).click();
        await page.waitForSelector('#log li');
        assert.match((await page.textContent('#log')) ?? '', /Cleo Park <cleo@example\.net>/);
        assert.deepEqual(problems, [], 'no script error or CSP violation');
        await page.close();
      });
    });
  }
});
