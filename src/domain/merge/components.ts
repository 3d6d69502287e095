/** Union-find over a book's entries, with the component veto: two groups whose names conflict never fuse. */
import { namesCompatible } from './names.ts';

/** Distinct names remembered per component for the veto (more is a sign of a hub; checks stay O(1)). */
const MAX_NAMES_PER_COMPONENT = 16;

// --- union-find with the component veto -------------------------------------------------------------

export class Components {
  readonly parent: Int32Array;
  /**
   * Folded names per root (distinct, capped). undefined = not materialised yet: the component is still
   * its root entry alone, whose names are [folded[root]] (or none). Most entries never join anyone, so
   * no list is allocated for them.
   */
  private readonly names: (string[][] | null | undefined)[];
  private readonly folded: readonly (string[] | null)[];
  /** Per entry: 1 when it joined as a mailbox copy (absorb); null while none has. */
  absorbed: Uint8Array | null = null;
  /** Scratch one-name lists for a root that has not materialised its list (no allocation per check). */
  private readonly oneA: string[][] = [[]];
  private readonly oneB: string[][] = [[]];

  constructor(n: number, folded: readonly (string[] | null)[]) {
    this.parent = new Int32Array(n);
    for (let i = 0; i < n; i++) this.parent[i] = i;
    this.names = new Array(n);
    this.folded = folded;
  }

  find(i: number): number {
    let r = i;
    while (this.parent[r] !== r) r = this.parent[r];
    while (this.parent[i] !== r) {
      const next = this.parent[i];
      this.parent[i] = r;
      i = next;
    }
    return r;
  }

  private namesOf(r: number, scratch: string[][]): string[][] | null {
    const l = this.names[r];
    if (l !== undefined) return l;
    const f = this.folded[r];
    if (f === null) return null;
    scratch[0] = f;
    return scratch;
  }

  /**
   * Joins the components of a and b unless a name of one conflicts with a name of the other (`force`:
   * whatever the names, for a join the app asserted: an alias). `pets`: pairs of folded names (flat, two
   * by two) that links.ts holdersAgree found to agree through a pet form for this link: those exact
   * names agree here too, and no other pair does that namesCompatible refuses.
   */
  tryUnion(a: number, b: number, force = false, pets: readonly (readonly string[])[] | null = null): boolean {
    let ra = this.find(a);
    let rb = this.find(b);
    if (ra === rb) return true;
    if (rb < ra) {
      // The earliest entry is the root: contacts come out in upload order.
      const t = ra;
      ra = rb;
      rb = t;
    }
    const na = this.namesOf(ra, this.oneA);
    const nb = this.namesOf(rb, this.oneB);
    if (na && nb && !force) {
      for (const x of na) for (const y of nb) if (!namesCompatible(x, y) && (pets === null || !petPairOf(pets, x, y))) return false;
    }
    this.parent[rb] = ra;
    if (nb) {
      const merged = na === null ? [] : na === this.oneA ? [na[0]] : na;
      for (const y of nb) {
        if (merged.length >= MAX_NAMES_PER_COMPONENT) break;
        if (!merged.includes(y)) merged.push(y); // folded names are shared arrays: identity is equality
      }
      this.names[ra] = merged;
    }
    this.names[rb] = null;
    return true;
  }

  /**
   * Joins `copy`'s component into `owner`'s whatever the names, and the copy's names take no part in
   * later vetoes: they label one mailbox ("Mom", a maiden name), they do not say who someone else is.
   */
  absorb(owner: number, copy: number, mark = true): void {
    const ro = this.find(owner);
    const rc = this.find(copy);
    if (ro === rc) return;
    // Marked: its label is not shown as the person's name either (contact.ts pickName).
    if (mark) (this.absorbed ??= new Uint8Array(this.parent.length))[copy] = 1;
    const kept = this.namesOf(ro, this.oneA);
    const names = kept === this.oneA ? [kept[0]] : kept;
    const root = ro < rc ? ro : rc; // the earliest entry is the root: contacts come out in upload order
    this.parent[root === ro ? rc : ro] = root;
    this.names[root] = names;
    this.names[root === ro ? rc : ro] = null;
  }
}

/** Whether x and y are one of the pairs of `pets` (flat, two by two), in either order: folded names are shared arrays. */
function petPairOf(pets: readonly (readonly string[])[], x: readonly string[], y: readonly string[]): boolean {
  for (let k = 0; k + 1 < pets.length; k += 2) if ((pets[k] === x && pets[k + 1] === y) || (pets[k] === y && pets[k + 1] === x)) return true;
  return false;
}
