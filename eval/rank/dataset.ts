/**
 * The evaluation books of ../shared/datasets (see its README): one JSON object per line, one per
 * (user, cutoff), with the uploads a client would POST and the held-out answer `relevant`.
 */
import { readFileSync } from 'node:fs';
import type { EntryInput, SourceInput } from '../../src/domain/types.ts';

export interface Upload {
  source: SourceInput;
  entries: EntryInput[];
}

export interface EvalBook {
  dataset: string;
  cutoff: string;
  window_days: number;
  user_id: string;
  uploads: Upload[];
  /** E-mail (as in the book) -> messages the owner sent to it in the window after the cutoff. */
  relevant: Record<string, number>;
}

/** Reads a .jsonl file of books. */
export function loadBooks(path: string): EvalBook[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as EvalBook);
}

/** Books grouped by cutoff, cutoffs in ascending order (each cutoff is evaluated in its own app). */
export function byCutoff(books: EvalBook[]): [string, EvalBook[]][] {
  const m = new Map<string, EvalBook[]>();
  for (const b of books) {
    const list = m.get(b.cutoff) ?? [];
    list.push(b);
    m.set(b.cutoff, list);
  }
  return [...m.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

/** The runs: the books as given, and two degraded copies. */
export type RunName = 'full' | 'no_times' | 'no_dates';
export const RUNS: RunName[] = ['full', 'no_times', 'no_dates'];

export const RUN_TITLES: Record<RunName, string> = {
  full: 'full books',
  no_times: 'times_contacted removed (phone-like uploads)',
  no_dates: 'all dates removed',
};

/** A copy of the books with some entry fields removed, as a degraded client would upload them. */
export function degrade(books: EvalBook[], run: RunName): EvalBook[] {
  if (run === 'full') return books;
  const drop: (keyof EntryInput)[] = run === 'no_times' ? ['times_contacted'] : ['last_message_sent_date', 'last_message_received_date'];
  return books.map((b) => ({
    ...b,
    uploads: b.uploads.map((u) => ({
      ...u,
      entries: u.entries.map((e) => {
        const copy: EntryInput = { ...e };
        for (const k of drop) delete copy[k];
        return copy;
      }),
    })),
  }));
}

/** Every e-mail of an entry (emails list and single email), as uploaded. */
export function entryEmails(e: EntryInput): string[] {
  const out = [...(e.emails ?? [])];
  if (e.email) out.push(e.email);
  return out;
}
