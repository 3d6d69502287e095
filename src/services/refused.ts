/**
 * A body the schema refused still gets its other checks (a date the schema takes as a string but that
 * names no day, an option's value, a record's unusable e-mail), so that one 400 names every wrong field
 * whichever stage found it (docs/api.md, Errors: one detail per wrong field). The checks read the body
 * without the fields the schema named (pruneRefused), so none of them meets a value of a wrong type; a
 * field the schema named is not named again; the schema's details come first. Nothing is stored.
 */
import { MAX_DETAILS, invalidDetailsOf, invalidMany, type ErrorDetail } from './errors.ts';

type Segment = string | number;

/** `entries[1].emails[0]` -> ['entries', 1, 'emails', 0]; null for a field that is not such a path. */
export function pathSegments(field: string): Segment[] | null {
  const out: Segment[] = [];
  const re = /([^.[\]]+)|\[(\d+)\]|\./gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < field.length && (m = re.exec(field)) !== null) {
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    at = re.lastIndex;
  }
  return at === field.length && out.length > 0 ? out : null;
}

/** Whether `field` is `named` or inside it (`entries[1].emails[0]` is inside `entries[1]`, not inside `entries[10]`). */
export function isInside(field: string, named: string): boolean {
  return field === named || field.startsWith(`${named}.`) || field.startsWith(`${named}[`);
}

/** Whether the schema named `field`, a field inside it, or a field holding it. */
export function touches(details: readonly ErrorDetail[], field: string): boolean {
  return details.some((d) => isInside(field, d.field) || isInside(d.field, field));
}

/**
 * The part of a detail's path that is taken out of the body: up to the second field name
 * (`entries[0].addresses[1].city` takes out `entries[0].addresses`, `source.region` itself), so that a
 * list keeps its indexes and a check reads a field whole or not at all.
 */
function prunedPath(segments: readonly Segment[]): Segment[] {
  let names = 0;
  for (let i = 0; i < segments.length; i++) {
    if (typeof segments[i] === 'string' && ++names === 2) return segments.slice(0, i + 1);
  }
  return segments.slice();
}

/**
 * `body` without the values at the fields of `details` (copies of the objects and lists on the way; the
 * body itself is not changed). An item of a list named whole (`entries[2]`) becomes `{}`, so the other
 * items keep their indexes: a check must skip it (touches).
 */
export function pruneRefused(body: unknown, details: readonly ErrorDetail[]): unknown {
  let out = body;
  for (const d of details) {
    const segments = pathSegments(d.field);
    if (segments !== null) out = without(out, prunedPath(segments));
  }
  return out;
}

function without(value: unknown, path: readonly Segment[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return value;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    if (typeof head !== 'number' || head >= value.length) return value;
    const copy = value.slice();
    copy[head] = rest.length === 0 ? {} : without(value[head], rest);
    return copy;
  }
  const o = value as Record<string, unknown>;
  if (typeof head !== 'string' || !Object.hasOwn(o, head)) return value;
  const copy = { ...o };
  if (rest.length === 0) delete copy[head];
  else copy[head] = without(o[head], rest);
  return copy;
}

/**
 * The details of one 400: the schema's (`refused`), then those of the later checks that name a field
 * the schema did not (one detail per wrong field), at most MAX_DETAILS.
 */
export function withLaterDetails(refused: readonly ErrorDetail[], later: readonly ErrorDetail[]): ErrorDetail[] {
  const out = refused.slice(0, MAX_DETAILS);
  for (const d of later) {
    if (out.length >= MAX_DETAILS) break;
    if (refused.some((r) => isInside(d.field, r.field)) || out.some((o) => o.field === d.field)) continue;
    out.push(d);
  }
  return out;
}

/**
 * The 400 of a body the schema refused (`error`, thrown by validateLeniently, and `read`, the body as it
 * read it), with the problems the later checks find in the rest of it (`later`, given the body without
 * the refused fields and the schema's details). Any other error is returned as it is, and so is `error`
 * when a later check fails otherwise than on the input.
 */
export async function refusedWithLater(
  error: unknown,
  read: unknown,
  later: (pruned: unknown, refused: readonly ErrorDetail[]) => ErrorDetail[] | Promise<ErrorDetail[]>,
): Promise<unknown> {
  const refused = invalidDetailsOf(error);
  if (refused === null || refused.length === 0 || refused.length >= MAX_DETAILS) return error;
  let more: ErrorDetail[];
  try {
    more = await later(pruneRefused(read, refused), refused);
  } catch {
    // A later check that fails otherwise (the database not answering a lookup): the schema's 400 stands.
    return error;
  }
  const all = withLaterDetails(refused, more);
  return all.length === refused.length ? error : invalidMany(all);
}
