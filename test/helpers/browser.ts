/**
 * Headless Chromium for the browser suites (Debian's package, driven by playwright-core, which never
 * downloads a browser of its own):
 *
 *   import { browserSkip, launchBrowser, SHOTS } from '../helpers/browser.ts';
 *   const skip = browserSkip('browser tests');   // at the top level: a missing Chromium is a counted skip
 *   describe('...', { skip }, () => { before(async () => { browser = await launchBrowser(); }); ... });
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { countSkip } from './skip.ts';

export const CHROMIUM = '/usr/bin/chromium';
/** Flags for headless Chromium as root on a machine without outside network (it must not try to reach any). */
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Where the suites leave screenshots (gitignored). */
export const SHOTS = new URL('../../tmp/', import.meta.url).pathname;

/**
 * false when Chromium is installed; else a skip reason, registered as one skipped test named `what` (so
 * the runner's summary counts it) and warned about on stderr. Call it at the top level of a test file.
 */
export function browserSkip(what: string): string | false {
  const reason = countSkip(what, existsSync(CHROMIUM) ? false : `${CHROMIUM} not found: ${what} SKIPPED (install with: apt-get install -y chromium)`);
  if (reason) process.stderr.write(`\n*** WARNING: ${reason} ***\n\n`);
  return reason;
}

/** A headless Chromium; the caller closes it. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}
