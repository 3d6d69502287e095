/**
 * Lines the book itself found shared (an office switchboard, a family landline): a number several rows
 * hold names none of them, for the records (options.ts) and for the signals of other users' books (the
 * ranking's features: signalsApart).
 */
import { nationalAliases } from './merge/links.ts';
import type { BookSignals } from './types.ts';

/**
 * Phone keys that several rows hold: a line the book itself found shared (an office switchboard, a family
 * landline; the merge kept its holders apart). Such a number names none of them in particular, so a
 * record that names it (an app user, an invite, a suggestion shown) matches none of them through it:
 * one invite to the office line must not leave out everyone who works there. An e-mail address is one
 * mailbox, whoever else holds it: an invite sent there reached every holder, and it still matches.
 * A number one card holds in full and another without its country ("+44 20 7946 0018" from the phone,
 * "020 7946 0018" from a CSV read in another region) is one line, as the merge reads it
 * (`nationalAliases`): both of its keys are shared.
 */
export function sharedPhoneKeys(rows: readonly { readonly keys: readonly string[] }[]): Set<string> | null {
  let national: string[] | null = null;
  const full: string[] = [];
  for (const row of rows) {
    for (const k of row.keys) {
      if (k.charCodeAt(0) === 110 /* n */) (national ??= []).push(k);
      else if (k.charCodeAt(0) === 112 /* p */) full.push(k);
    }
  }
  const alias = national === null ? null : nationalAliases([...national, ...full]);
  const lineOf = (k: string) => alias?.get(k) ?? k;
  // The rows holding each line (a row that holds one line twice, in full and nationally, counts once).
  const holder = new Map<string, number>();
  let sharedLines: Set<string> | null = null;
  for (let r = 0; r < rows.length; r++) {
    for (const k of rows[r]!.keys) {
      if (k.charCodeAt(0) === 101 /* e */) continue;
      const line = lineOf(k);
      const h = holder.get(line);
      if (h === undefined) holder.set(line, r);
      else if (h !== r) (sharedLines ??= new Set()).add(line);
    }
  }
  if (sharedLines === null) return null;
  const shared = new Set<string>();
  for (const row of rows) {
    for (const k of row.keys) if (k.charCodeAt(0) !== 101 && sharedLines.has(lineOf(k))) shared.add(k);
  }
  return shared;
}

/**
 * `signals` without what they say through the shared lines of the book (sharedPhoneKeys): another
 * user's book holding the family landline knows none of the family in particular (a probe: one
 * `Plumber` card on it gave `known_by` to both `Ivy Home` and `Jack Home`), an app user or an invite on
 * it names none of them, and reciprocity read through it is nobody's. The records the options read
 * (invites sent, suggestions seen) are left as they are: the options skip shared keys themselves.
 * `signals` itself when none of its keyed parts holds a shared key.
 */
export function signalsApart(signals: BookSignals, shared: ReadonlySet<string> | null): BookSignals {
  if (shared === null) return signals;
  const holds = (m: { has(k: string): boolean; size: number }) => {
    if (m.size === 0) return false;
    for (const k of shared) if (m.has(k)) return true;
    return false;
  };
  const { knownBy, reciprocal, appUserKeys, invitedKeys, acceptedKeys } = signals;
  if (!holds(knownBy) && !holds(reciprocal) && !holds(appUserKeys) && !holds(invitedKeys) && !holds(acceptedKeys)) return signals;
  const without = <M extends Map<string, unknown> | Set<string>>(m: M): M => {
    if (!holds(m)) return m;
    const copy = (m instanceof Map ? new Map(m) : new Set(m)) as M;
    for (const k of shared) copy.delete(k);
    return copy;
  };
  return {
    ...signals,
    knownBy: without(knownBy),
    reciprocal: without(reciprocal),
    appUserKeys: without(appUserKeys),
    invitedKeys: without(invitedKeys),
    acceptedKeys: without(acceptedKeys),
  };
}
