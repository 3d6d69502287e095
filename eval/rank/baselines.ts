/**
 * Single-signal baselines, computed on the raw entries of the same (possibly degraded) books: rank by
 * one field descending, entries without it last, ties by e-mail ascending (this reproduces the README
 * table: radoslaw 0.834 / 0.717, eu-dept3 0.627 / 0.580).
 */
import { parseDate } from '../../src/domain/dates.ts';
import type { EntryInput } from '../../src/domain/types.ts';
import { entryEmails, type EvalBook } from './dataset.ts';

export type BaselineName = 'times_contacted' | 'last_sent' | 'last_received';
export const BASELINES: BaselineName[] = ['times_contacted', 'last_sent', 'last_received'];

function valueOf(e: EntryInput, b: BaselineName): number | null {
  if (b === 'times_contacted') return typeof e.times_contacted === 'number' && e.times_contacted > 0 ? e.times_contacted : null;
  return parseDate(b === 'last_sent' ? e.last_message_sent_date : e.last_message_received_date);
}

/** Whether the signal is present at all in these books (a degraded run removes some). */
export function baselineAvailable(books: EvalBook[], b: BaselineName): boolean {
  return books.some((book) => book.uploads.some((u) => u.entries.some((e) => valueOf(e, b) !== null)));
}

/** The book's rows (lower-cased e-mails per entry) ordered by one signal. */
export function rankByBaseline(book: EvalBook, b: BaselineName): string[][] {
  const rows = book.uploads.flatMap((u) => u.entries).map((e) => ({
    emails: entryEmails(e).map((x) => x.trim().toLowerCase()),
    v: valueOf(e, b),
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
