/**
 * The app-wide views of the earlier service: aliases (addresses that are one person), the people at a
 * domain across the app's books, and the list of stored books. Input checks name the field; storage
 * does the reading.
 */
import { normalizeEmail } from '../domain/email.ts';
import type { BookSummary, DomainEmailRow, Page, Storage, Tenant } from '../storage/types.ts';

/** A bad input to a directory use case: the field and what is wrong with it. */
export class DirectoryInputError extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/** Most addresses in one alias group. */
export const MAX_ALIAS_EMAILS = 100;

/** Paging of the listings: page from 1, batch_size from 1 to this. */
export const MAX_BATCH_SIZE = 1000;
export const DEFAULT_BATCH_SIZE = 100;

/** Page number and batch size from the query (strings or absent): 1-based pages. */
export function parsePaging(page: unknown, batchSize: unknown): { page: number; batchSize: number; offset: number } {
  const p = intParam(page, 'page', 1, 1, 1_000_000);
  const b = intParam(batchSize, 'batch_size', DEFAULT_BATCH_SIZE, 1, MAX_BATCH_SIZE);
  return { page: p, batchSize: b, offset: (p - 1) * b };
}

function intParam(v: unknown, field: string, def: number, min: number, max: number): number {
  if (v === undefined || v === null || v === '') return def;
  const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw new DirectoryInputError(field, `must be an integer from ${min} to ${max}`);
  return n;
}

/** A domain as the index keys hold it: lower-case, no '@', at least one dot-separated label. */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

export function parseDomain(raw: string): string {
  const d = raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (d === '' || d.length > 253) throw new DirectoryInputError('domain', 'must be a domain such as example.com');
  // A control character too (U+0000 was a 500 on PostgreSQL, which refuses it in text).
  if (/[\s@/\\%]/.test(d) || hasControl(d) || !/^[^.]+(\.[^.]+)+$/.test(d)) throw new DirectoryInputError('domain', 'must be a domain such as example.com');
  return d;
}

export class DirectoryService {
  constructor(private readonly storage: Storage) {}

  /**
   * Records that `emails` are one person in the tenant. Every address must be a usable (non-junk)
   * e-mail; at least two distinct ones. Returns the addresses of the whole group (groups sharing an
   * address are folded into one).
   */
  async alias(t: Tenant, emails: unknown[], now: number): Promise<string[]> {
    if (emails.length > MAX_ALIAS_EMAILS) throw new DirectoryInputError('emails', `must hold at most ${MAX_ALIAS_EMAILS} addresses`);
    const keys: string[] = [];
    emails.forEach((raw, i) => {
      const e = typeof raw === 'string' ? normalizeEmail(raw) : null;
      if (e === null) throw new DirectoryInputError(`emails[${i}]`, 'is not a valid e-mail address');
      if (e.junk) throw new DirectoryInputError(`emails[${i}]`, `is not a personal address (${e.junk})`);
      if (!keys.includes('e:' + e.key)) keys.push('e:' + e.key);
    });
    if (keys.length < 2) throw new DirectoryInputError('emails', 'must name at least two different addresses');
    const group = await this.storage.addAlias(t, keys, now);
    return group.map((k) => k.slice(2));
  }

  domainEmails(t: Tenant, domain: string, offset: number, limit: number): Promise<Page<DomainEmailRow>> {
    return this.storage.listDomainEmails(t, domain, offset, limit);
  }

  books(t: Tenant, offset: number, limit: number): Promise<Page<BookSummary>> {
    return this.storage.listBookSummaries(t, offset, limit);
  }
}
