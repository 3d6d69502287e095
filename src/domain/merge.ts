/**
 * Merging: entries that share a normalised e-mail or phone become one contact, transitively, with a
 * guard against over-merging. Pure and deterministic: the result depends only on the entry list, so
 * merging N batches concatenated equals merging one upload of the same entries.
 *
 * The guard, in two layers:
 *  1. Per key: the key is shared, not personal, and stops being evidence when
 *     - the entries holding it carry two or more incompatible names (a family landline under "Mum" and
 *       "Dad", an office number under five colleagues), or
 *     - they are three or more distinct identities (holders are one identity when they share another
 *       address or a name), or
 *     - the book also holds the number with an extension ("+1 212 555 0100 ext. 12"): a switchboard,
 *       however few of its holders carry it bare (a number with an extension is keyed as its own direct
 *       line, "+E164;ext=N", so the colleagues who wrote one are invisible to the two rules above), or
 *     - two of its holders are colleagues: different mailboxes at one organisation's domain, nothing
 *       else in common (an office line without extensions; names may be equal or absent).
 *     Holders then link only through their other addresses; an entry holding nothing but the shared
 *     number joins the one name group it agrees with, when that group is one identity.
 *  2. Per component: two groups are never fused when any name of one conflicts with any name of the
 *     other, so a chain "John Smith" - (unnamed) - "Mary Smith" does not fuse John and Mary.
 * Names alone never merge anything: they can only veto.
 *
 * The parts live in merge/: names.ts (folding, compatibility), components.ts (union-find with the veto),
 * links.ts (key index, guards, aliases), contact.ts (assembling one contact).
 */
import type { Contact, NormalizedEntry } from './types.ts';
import { Components } from './merge/components.ts';
import { buildContact, nameInfo, nextPickStamp, trimNameCache, type NameInfo } from './merge/contact.ts';
import { indexKeys, joinAliases, linkKey } from './merge/links.ts';

export { namesCompatible } from './merge/names.ts';
export { clearNameCache } from './merge/contact.ts';

/**
 * Merges a book's normalised entries (upload order, oldest first) into contacts. Contacts come out in
 * the order of their first entry; Contact.id is the index. Junk contacts are kept (flagged) so that
 * storage holds everything; the ranker leaves them out.
 */
export function mergeEntries(entries: NormalizedEntry[], aliases?: readonly (readonly string[])[]): Contact[] {
  const n = entries.length;
  // Names are folded once per distinct string: books repeat names across sources and duplicates.
  const infos: (NameInfo | null)[] = new Array(n);
  const folded: (string[] | null)[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const name = entries[i].name;
    const info = name === null ? null : nameInfo(name);
    infos[i] = info;
    folded[i] = info === null ? null : info.folded;
  }
  trimNameCache();

  const ix = indexKeys(entries);
  const alias = ix.alias;
  const uf = new Components(n, folded);
  for (let k = 0; k < ix.keyCount; k++) if (ix.holderStart[k + 1] - ix.holderStart[k] > 1) linkKey(k, ix, folded, uf);
  if (aliases !== undefined && aliases.length > 0) joinAliases(entries, aliases, uf);

  // Group members by component, in upload order. The root is the component's earliest entry, so
  // walking entries in order numbers the contacts in the order of their first entry.
  const groupOf = new Int32Array(n).fill(-1);
  const entryGroup = new Int32Array(n);
  let groups = 0;
  for (let i = 0; i < n; i++) {
    const r = uf.find(i);
    if (groupOf[r] < 0) groupOf[r] = groups++;
    entryGroup[i] = groupOf[r];
  }
  const start = new Int32Array(groups + 1);
  for (let i = 0; i < n; i++) start[entryGroup[i] + 1]++;
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  const members = new Int32Array(n);
  const cursor = start.slice(0, groups);
  for (let i = 0; i < n; i++) members[cursor[entryGroup[i]]++] = i;

  const contacts: Contact[] = new Array(groups);
  for (let id = 0; id < groups; id++) {
    const c = buildContact(id, members, start[id], start[id + 1], entries, infos, alias, nextPickStamp());
    // Which entries a left-out contact holds, for the cleaning summary's listing (few: junk is rare).
    if (c.junk) c.entryIndexes = Array.from(members.subarray(start[id], start[id + 1]));
    contacts[id] = c;
  }
  return contacts;
}
