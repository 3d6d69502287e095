/** Scores a merged book against the generator's truth labels. */
import type { Contact } from '../../src/domain/types.ts';
import type { JunkKind } from './junk.ts';

export interface BookScore {
  junkTP: number;
  junkFP: number;
  junkFN: number;
  junkInTop10: number;
  booksWithJunkInTop10: number;
  persons: number;
  personsDropped: number;
  pairTP: number;
  pairFP: number;
  pairFN: number;
  contacts: number;
  overMerged: number;
  dupInTop10: number;
  booksWithDupInTop10: number;
  missedByKind: Map<JunkKind, number>;
  junkByKind: Map<JunkKind, number>;
  droppedExamples: string[];
  overMergeExamples: string[];
  dupExamples: string[];
  fpExamples: string[];
}

export function emptyScore(): BookScore {
  return {
    junkTP: 0,
    junkFP: 0,
    junkFN: 0,
    junkInTop10: 0,
    booksWithJunkInTop10: 0,
    persons: 0,
    personsDropped: 0,
    pairTP: 0,
    pairFP: 0,
    pairFN: 0,
    contacts: 0,
    overMerged: 0,
    dupInTop10: 0,
    booksWithDupInTop10: 0,
    missedByKind: new Map(),
    junkByKind: new Map(),
    droppedExamples: [],
    overMergeExamples: [],
    dupExamples: [],
    fpExamples: [],
  };
}

const DAY = 86_400_000;

/**
 * Stand-in ranking (the real ranker lives elsewhere): written-to often and recently first, received
 * activity counting a little, so a junk sender that the cleaner misses can reach the top 10 as it would
 * in a frequency+recency ranker.
 */
export function proxyRank(contacts: Contact[]): Contact[] {
  let ref = 0;
  for (const c of contacts) ref = Math.max(ref, c.lastSent ?? 0, c.lastReceived ?? 0);
  const rec = (t: number | null) => (t === null ? 0 : Math.exp(-(ref - t) / (60 * DAY)));
  const score = (c: Contact) => 2 * Math.log1p(c.timesContacted ?? 0) + 3 * rec(c.lastSent) + 1.5 * rec(c.lastReceived) + (c.favorite ? 1 : 0);
  return contacts
    .filter((c) => !c.junk)
    .map((c) => ({ c, s: score(c) }))
    .sort((a, b) => b.s - a.s || a.c.id - b.c.id)
    .map((x) => x.c);
}

/** `truthOf[i]` is the label of the i-th normalised entry (same order as given to mergeEntries). */
export function scoreBook(
  acc: BookScore,
  contacts: Contact[],
  entryIndex: (c: Contact) => number[],
  truthOf: string[],
  junkKinds: Map<string, JunkKind>,
  persons: Set<string>,
): void {
  const isJunk = (t: string) => t.startsWith('junk:');
  // Junk, contact level: a contact is truly junk when all its entries are junk entries.
  const contactsOfPerson = new Map<string, Contact[]>();
  const labelsOf = new Map<Contact, string[]>();
  for (const c of contacts) {
    const labels = entryIndex(c).map((i) => truthOf[i]);
    labelsOf.set(c, labels);
    const truthJunk = labels.every(isJunk);
    if (truthJunk) {
      const kind = junkKinds.get(labels[0]) as JunkKind;
      acc.junkByKind.set(kind, (acc.junkByKind.get(kind) ?? 0) + 1);
      if (c.junk) acc.junkTP++;
      else {
        acc.junkFN++;
        acc.missedByKind.set(kind, (acc.missedByKind.get(kind) ?? 0) + 1);
      }
    } else if (c.junk) {
      acc.junkFP++;
      if (acc.fpExamples.length < 5) acc.fpExamples.push(`${c.name} ${c.emails.map((e) => e.display).join(',')} ${c.junkReason}`);
    }
    const ps = new Set(labels.filter((l) => !isJunk(l)));
    if (ps.size > 0) {
      acc.contacts++;
      if (ps.size > 1) {
        acc.overMerged++;
        if (acc.overMergeExamples.length < 5) acc.overMergeExamples.push(`${[...ps].join(' + ')} as "${c.name}"`);
      }
    }
    for (const p of ps) {
      const l = contactsOfPerson.get(p);
      if (l) l.push(c);
      else contactsOfPerson.set(p, [c]);
    }
  }
  // People wrongly dropped: every contact holding them is flagged junk.
  for (const p of persons) {
    const cs = contactsOfPerson.get(p);
    if (!cs) continue;
    acc.persons++;
    if (cs.every((c) => c.junk)) {
      acc.personsDropped++;
      if (acc.droppedExamples.length < 5)
        acc.droppedExamples.push(`${p}: ${cs.map((c) => `${c.name} [${c.emails.map((e) => e.display).join(',')}] ${c.junkReason}`).join(' | ')}`);
    }
  }
  // Merge precision/recall over pairs of real-person entries.
  const byContact = new Map<number, Map<string, number>>();
  const byPerson = new Map<string, number>();
  for (const c of contacts) {
    const m = new Map<string, number>();
    for (const l of labelsOf.get(c) as string[]) {
      if (isJunk(l)) continue;
      m.set(l, (m.get(l) ?? 0) + 1);
      byPerson.set(l, (byPerson.get(l) ?? 0) + 1);
    }
    byContact.set(c.id, m);
  }
  const pairs = (n: number) => (n * (n - 1)) / 2;
  let predicted = 0;
  let correct = 0;
  for (const m of byContact.values()) {
    let n = 0;
    for (const v of m.values()) {
      n += v;
      correct += pairs(v);
    }
    predicted += pairs(n);
  }
  let truth = 0;
  for (const v of byPerson.values()) truth += pairs(v);
  acc.pairTP += correct;
  acc.pairFP += predicted - correct;
  acc.pairFN += truth - correct;

  // Top 10 of the stand-in ranking: junk and duplicate people.
  const top = proxyRank(contacts).slice(0, 10);
  let junkTop = 0;
  const seen = new Map<string, number>();
  for (const c of top) {
    const labels = labelsOf.get(c) as string[];
    if (labels.every(isJunk)) junkTop++;
    for (const p of new Set(labels.filter((l) => !isJunk(l)))) seen.set(p, (seen.get(p) ?? 0) + 1);
  }
  let dups = 0;
  for (const [p, n] of seen) {
    if (n > 1) {
      dups += n - 1;
      if (acc.dupExamples.length < 5)
        acc.dupExamples.push(
          `${p}: ${top
            .filter((c) => (labelsOf.get(c) as string[]).includes(p))
            .map((c) => `"${c.name}" ${c.keys.join(',')}`)
            .join(' | ')}`,
        );
    }
  }
  acc.junkInTop10 += junkTop;
  if (junkTop) acc.booksWithJunkInTop10++;
  acc.dupInTop10 += dups;
  if (dups) acc.booksWithDupInTop10++;
}
