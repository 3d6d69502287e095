/**
 * The cleaning summary: what became of every entry of an upload (or of a whole book). Pure: it reads
 * the merged contacts only.
 *
 * Every entry ends in exactly one of three places, so the counts add up:
 *   entries_read = contacts + merged + left_out
 * where `contacts` are the people of the list (each counted once, by one of its entries), `merged` the
 * other entries of those people, and `left_out` the entries of contacts that are not in the list,
 * counted by reason in `left_out_by_reason` (whose values add up to `left_out`). An entry whose e-mails
 * list several people is one entry read, counted with one of them (merge/split.ts): the others, when
 * nothing else of the book is theirs, are people of the list too, counted in `contacts` and in
 * `people_from_lists`, so then entries_read + people_from_lists = contacts + merged + left_out.
 * The others that are left out (a no-reply address among the recipients) are people the list named and
 * the answer does not show, though their entry is not left out: counted apart, by reason, in
 * `list_people_left_out` (outside the sum), and listed with their entry's index.
 */
import type { Contact } from './types.ts';

/** Why entries were left out: a junk class of their addresses, 'invalid', 'nothing_to_invite', 'bulk_sender' or 'self'. */
export type LeftOutReason = NonNullable<Contact['junkReason']>;

export interface CleaningSummary {
  entries_read: number;
  /** People in the list: contacts with something to invite, or kept on the owner's evidence. */
  contacts: number;
  /** Entries that merged into another entry's person. */
  merged: number;
  left_out: number;
  left_out_by_reason: Partial<Record<LeftOutReason, number>>;
  /** Of `contacts`, those kept on the owner's evidence with nothing usable (marked `unusable` in the list). */
  kept_without_address: number;
  /**
   * Of `contacts`, the people an entry listing several people gave beyond the one its entry is counted
   * with (merge/split.ts): entries_read + people_from_lists = contacts + merged + left_out. Present only
   * when not 0.
   */
  people_from_lists?: number;
  /**
   * People named by entries listing several people, left out, whose entry counts with another of its
   * people (and so is not in `left_out`): their count by reason. Outside the sum above. Present only when
   * there are any.
   */
  list_people_left_out?: Partial<Record<LeftOutReason, number>>;
}

/** One left-out entry: its index in its upload, the upload's batch id (book summaries), the reason. */
export interface LeftOutEntry {
  index: number;
  batch_id?: string;
  reason: LeftOutReason;
}

/** Where entry i of a merged list came from: the upload's batch id and the index in that upload. */
export interface EntryOrigin {
  batchId: string;
  count: number;
}

/**
 * The summary of `contacts`, merged from `entryCount` entries. `batches` (the uploads of a book, in
 * entry order) turns entry indexes into (batch id, index in the upload); without it indexes are the
 * entries' own (one upload). Left-out entries come in entry order.
 */
export function summarizeCleaning(
  contacts: readonly Contact[],
  entryCount: number,
  batches?: readonly EntryOrigin[],
): { summary: CleaningSummary; leftOut: LeftOutEntry[]; leftOutListPeople: LeftOutEntry[] } {
  let people = 0;
  let merged = 0;
  let kept = 0;
  let fromLists = 0;
  let leftOutCount = 0;
  const byReason: Partial<Record<LeftOutReason, number>> = {};
  const leftOut: LeftOutEntry[] = [];
  const listPeople: LeftOutEntry[] = [];
  let listByReason: Partial<Record<LeftOutReason, number>> | null = null;
  let shown: Set<string> | undefined;
  let saidAlone: Set<string> | undefined;
  for (const c of contacts) {
    if (!c.junk) {
      people++;
      // A person made of nothing but another person of a list in one entry counts no entry (that entry
      // counts with one of its people: merge/split.ts): one of the people the lists gave.
      if (c.entryCount === 0) {
        fromLists++;
        if (c.unusable !== undefined) kept++;
        continue;
      }
      merged += c.entryCount - 1;
      if (c.unusable !== undefined) kept++;
      continue;
    }
    const reason = c.junkReason ?? 'nothing_to_invite';
    // Named in lists whose entries count with another of their people (merge/split.ts): said apart,
    // unless the very string is in the list as another card's (an address kept on the owner's evidence
    // elsewhere: unusable strings link nobody, so the two are not merged).
    // A person with an entry of their own is said by it (left out below, with its index): counted once,
    // whether that entry is this contact's or another's of the same address (junk addresses link no cards).
    if (c.listItemIndexes !== undefined && c.entryCount === 0) {
      const inList = (shown ??= shownKeys(contacts));
      const ownEntry = (saidAlone ??= leftOutEntryKeys(contacts));
      if (!c.keys.some((k) => inList.has(k) || ownEntry.has(k)))
        for (const i of c.listItemIndexes) {
          listPeople.push({ index: i, reason });
          listByReason ??= {};
          listByReason[reason] = (listByReason[reason] ?? 0) + 1;
        }
    }
    if (c.entryCount === 0) continue;
    leftOutCount += c.entryCount;
    byReason[reason] = (byReason[reason] ?? 0) + c.entryCount;
    for (const i of c.entryIndexes ?? []) leftOut.push({ index: i, reason });
  }
  leftOut.sort((a, b) => a.index - b.index);
  listPeople.sort((a, b) => a.index - b.index);
  if (batches !== undefined && batches.length > 0) {
    locate(leftOut, batches);
    locate(listPeople, batches);
  }
  const summary: CleaningSummary = {
    entries_read: entryCount,
    contacts: people,
    merged,
    left_out: leftOutCount,
    left_out_by_reason: sortedKeys(byReason),
    kept_without_address: kept,
  };
  if (fromLists > 0) summary.people_from_lists = fromLists;
  if (listByReason !== null) summary.list_people_left_out = sortedKeys(listByReason);
  return { summary, leftOut, leftOutListPeople: listPeople };
}

/** The address and number keys of the people in the list. */
/** The keys of the left-out contacts that hold an entry of their own (listed as left out under its index). */
function leftOutEntryKeys(contacts: readonly Contact[]): Set<string> {
  const keys = new Set<string>();
  for (const c of contacts) if (c.junk && c.entryCount > 0) for (const k of c.keys) keys.add(k);
  return keys;
}

function shownKeys(contacts: readonly Contact[]): Set<string> {
  const keys = new Set<string>();
  for (const c of contacts) if (!c.junk) for (const k of c.keys) if (!k.startsWith('n:')) keys.add(k);
  return keys;
}

/** Rewrites book-wide indexes (sorted) as (batch id, index in that upload). */
function locate(leftOut: LeftOutEntry[], batches: readonly EntryOrigin[]): void {
  let b = 0;
  let start = 0;
  for (const e of leftOut) {
    while (b < batches.length - 1 && e.index >= start + batches[b].count) start += batches[b++].count;
    e.batch_id = batches[b].batchId;
    e.index -= start;
  }
}

/** The same counts with the reasons in alphabetical order: answers do not depend on the order met. */
function sortedKeys<T extends Record<string, number | undefined>>(o: T): T {
  const out = {} as T;
  for (const k of Object.keys(o).sort()) (out as Record<string, number | undefined>)[k] = o[k];
  return out;
}
