/**
 * The evaluation books: one JSON object per line, one per (user, cutoff), with the uploads a client
 * would POST and the held-out answer `relevant`. They are not in the repository: docs/ranking.md ("The
 * evaluation data") says what they are built from and their format.
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

/**
 * The runs: the books as given, two degraded copies (the ranking runs, which choose the defaults), and
 * the books with every address rewritten into a form that mail systems deliver but a strict validator
 * rejects (issue #12): its MAP@10 must equal the full run's and no one may be absent.
 */
export type RunName = 'full' | 'no_times' | 'no_dates' | 'unusual';
export const RUNS: RunName[] = ['full', 'no_times', 'no_dates'];
/** Every run `npm run eval` makes by default. */
export const ALL_RUNS: RunName[] = [...RUNS, 'unusual'];

export const RUN_TITLES: Record<RunName, string> = {
  full: 'full books',
  no_times: 'times_contacted removed (phone-like uploads)',
  no_dates: 'all dates removed',
  unusual: 'every address in an unusual but delivered form (j..smith@, taro.@, "john smith"@, IDN, + tags)',
};

/**
 * One address rewritten, the same way wherever it appears (one mailbox, one spelling), into one of the
 * forms a mail system may deliver: doubled, leading or trailing dots in the local part, a quoted local
 * part with a space, a Unicode local part, an IDN domain, a + tag; one in eight stays as it was.
 */
export function unusualAddress(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf('@');
  if (at <= 0) return address;
  const local = a.slice(0, at);
  const domain = a.slice(at + 1);
  let h = 2166136261;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a.charCodeAt(i), 16777619) >>> 0;
  switch (h % 8) {
    case 0:
      return local.length > 1 ? `${local[0]}..${local.slice(1)}@${domain}` : `${local}..x@${domain}`;
    case 1:
      return `.${local}@${domain}`;
    case 2:
      return `${local}.@${domain}`;
    case 3:
      return `"${local.slice(0, 1)} ${local.slice(1)}"@${domain}`;
    case 4:
      return `${local}ø@${domain}`;
    case 5:
      return `${local}@ü${domain}`;
    case 6:
      return `${local}+kith@${domain}`;
    default:
      return a;
  }
}

/** A copy of the books as a degraded client (or an unusual mail system) would upload them. */
export function degrade(books: EvalBook[], run: RunName): EvalBook[] {
  if (run === 'full') return books;
  if (run === 'unusual') {
    const u = unusualAddress;
    return books.map((b) => ({
      ...b,
      uploads: b.uploads.map((up) => ({
        source: up.source.email ? { ...up.source, email: u(up.source.email) } : up.source,
        entries: up.entries.map((e) => {
          const copy: EntryInput = { ...e };
          if (e.emails) copy.emails = e.emails.map(u);
          if (e.email) copy.email = u(e.email);
          return copy;
        }),
      })),
      relevant: Object.fromEntries(Object.entries(b.relevant).map(([k, v]) => [u(k), v])),
    }));
  }
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
