/**
 * Baselines, computed on the raw entries of the same (possibly degraded) books.
 * - Single signals: rank by one field descending, entries without it last, ties by e-mail ascending
 *   (this reproduces the README table: radoslaw 0.834 / 0.717, eu-dept3 0.630 / 0.586).
 * - `blend`: the plain blend of issue #12, log1p(times_contacted) + 2^(-sent age / 60 d)
 *   + 0.25 × 2^(-received age / 60 d), ages against the book's newest sent or received date. Not a single
 *   signal: reported beside Kith, never counted as "the best single signal".
 */
import { parseDate } from '../../src/domain/dates.ts';
import type { EntryInput } from '../../src/domain/types.ts';
import { entryEmails, type EvalBook } from './dataset.ts';

export type BaselineName = 'times_contacted' | 'last_sent' | 'last_received' | 'blend';
export const BASELINES: BaselineName[] = ['times_contacted', 'last_sent', 'last_received', 'blend'];
/** The baselines that use one signal only (the bar Kith must clear with a significant margin). */
export const SINGLE_SIGNALS: ReadonlySet<string> = new Set(['times_contacted', 'last_sent', 'last_received']);

const DAY_MS = 86_400_000;
/** Half-life of both recencies in the plain blend, in days (as the issue states it). */
const BLEND_HALF_LIFE_DAYS = 60;
/** Weight of the received recency in the plain blend. */
const BLEND_RECEIVED_WEIGHT = 0.25;

function blendOf(e: EntryInput, reference: number | null): number {
  const times = typeof e.times_contacted === 'number' && e.times_contacted > 0 ? e.times_contacted : 0;
  const decay = (at: number | null) => (at === null || reference === null ? 0 : Math.pow(2, -Math.max(0, reference - at) / DAY_MS / BLEND_HALF_LIFE_DAYS));
  return Math.log1p(times) + decay(parseDate(e.last_message_sent_date)) + BLEND_RECEIVED_WEIGHT * decay(parseDate(e.last_message_received_date));
}

/** The newest sent or received date of the book's entries (epoch ms), null when it has none. */
function newestActivity(entries: EntryInput[]): number | null {
  let best: number | null = null;
  for (const e of entries) {
    for (const d of [parseDate(e.last_message_sent_date), parseDate(e.last_message_received_date)]) {
      if (d !== null && (best === null || d > best)) best = d;
    }
  }
  return best;
}

function valueOf(e: EntryInput, b: BaselineName, reference: number | null = null): number | null {
  if (b === 'blend') return blendOf(e, reference);
  if (b === 'times_contacted') return typeof e.times_contacted === 'number' && e.times_contacted > 0 ? e.times_contacted : null;
  return parseDate(b === 'last_sent' ? e.last_message_sent_date : e.last_message_received_date);
}

/** Whether the signal is present at all in these books (a degraded run removes some). */
export function baselineAvailable(books: EvalBook[], b: BaselineName): boolean {
  if (b === 'blend') return true;
  return books.some((book) => book.uploads.some((u) => u.entries.some((e) => valueOf(e, b) !== null)));
}

/** The book's rows (lower-cased e-mails per entry) ordered by one signal. */
export function rankByBaseline(book: EvalBook, b: BaselineName): string[][] {
  const entries = book.uploads.flatMap((u) => u.entries);
  const reference = b === 'blend' ? newestActivity(entries) : null;
  const rows = entries.map((e) => ({
    emails: entryEmails(e).map((x) => x.trim().toLowerCase()),
    v: valueOf(e, b, reference),
  }));
  rows.sort((x, y) => {
    const vx = x.v ?? -Infinity;
    const vy = y.v ?? -Infinity;
    if (vx !== vy) return vy - vx;
    const ex = x.emails[0] ?? '';
    const ey = y.emails[0] ?? '';
    return ex < ey ? -1 : ex > ey ? 1 : 0;
  });
  return rows.map((r) => r.emails);
}
