/**
 * Google Contacts CSV exports → Kith entries.
 *
 * Google has shipped two column layouts: the current one ("First Name", "Last Name", "E-mail 1 - Label",
 * "Organization Name", "Labels") and the older "Google CSV" ("Name", "Given Name", "E-mail 1 - Type",
 * "Organization 1 - Name", "Group Membership"). Both are read. A cell can hold several values joined by
 * " ::: ", and a leading "* " on a label marks the primary value. `googleRowToEntry` is the pure
 * conversion of one row (header → cell) to an Entry; the file itself (delimiter, header, rows) is read
 * by `readCsvFile` in ./csv.ts, which also reads the other exports.
 */
import type { Entry } from './vcard.ts';

/** Separator of several values in one Google CSV cell. */
const MULTI = ' ::: ';

const clean = (s: string | undefined | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

function splitMulti(cell: string | undefined): string[] {
  return (cell ?? '').split(MULTI).map(clean).filter(Boolean);
}

/** "* Home" → "home": the star marks the primary value. */
function labelOf(cell: string | undefined): { label: string; primary: boolean } {
  const raw = clean(cell);
  const primary = raw.startsWith('*');
  return { label: clean(raw.replace(/^\*\s*/, '')).toLowerCase(), primary };
}

/** Numbered column groups such as "E-mail 2 - Value" / "E-mail 2 - Label", by number. */
function groups(row: Record<string, string>, prefix: string): Map<number, Record<string, string>> {
  const out = new Map<number, Record<string, string>>();
  const re = new RegExp(`^${prefix} (\\d+) - (.+)$`, 'i');
  for (const [header, value] of Object.entries(row)) {
    const m = re.exec(header.trim());
    if (!m) continue;
    const n = Number(m[1]);
    if (!out.has(n)) out.set(n, {});
    out.get(n)![m[2].toLowerCase()] = value ?? '';
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}

/** Values of a numbered group ("E-mail", "Phone"), primary ones first. */
function valuesOf(row: Record<string, string>, prefix: string): string[] {
  const items: { value: string; primary: boolean }[] = [];
  for (const g of groups(row, prefix).values()) {
    const { primary } = labelOf(g.label ?? g.type);
    for (const value of splitMulti(g.value)) items.push({ value, primary });
  }
  items.sort((a, b) => Number(b.primary) - Number(a.primary));
  return [...new Set(items.map((i) => i.value))];
}

/** Case-insensitive column lookup (exports differ in case between versions). */
function col(row: Record<string, string>, ...names: string[]): string {
  for (const name of names) {
    for (const [header, value] of Object.entries(row)) if (header.trim().toLowerCase() === name.toLowerCase() && clean(value)) return clean(value);
  }
  return '';
}

/**
 * The pure conversion from one Google Contacts CSV row (header → cell) to an Entry.
 * Returns null when the row holds no name, e-mail, phone or company.
 */
export function googleRowToEntry(row: Record<string, string>): Entry | null {
  const entry: Entry = {};

  const name =
    col(row, 'Name') ||
    clean(
      [
        col(row, 'Name Prefix'),
        col(row, 'First Name', 'Given Name'),
        col(row, 'Middle Name', 'Additional Name'),
        col(row, 'Last Name', 'Family Name'),
        col(row, 'Name Suffix'),
      ].join(' '),
    ) ||
    col(row, 'File As');
  if (name) entry.name = name;

  const emails = valuesOf(row, 'E-mail');
  if (emails.length) entry.emails = emails;
  const phones = valuesOf(row, 'Phone');
  if (phones.length) entry.phones = phones;

  const nickname = col(row, 'Nickname');
  if (nickname) entry.nickname = nickname;
  const org = groups(row, 'Organization').values().next().value;
  const company = col(row, 'Organization Name') || clean(org?.name);
  if (company) entry.company = company;
  const title = col(row, 'Organization Title') || clean(org?.title);
  if (title) entry.title = title;

  const photo = col(row, 'Photo');
  if (/^https?:\/\//i.test(photo)) entry.photos = [photo];

  const addresses: NonNullable<Entry['addresses']> = [];
  for (const g of groups(row, 'Address').values()) {
    const a: NonNullable<Entry['addresses']>[number] = {};
    const street = [clean(g.street), clean(g['extended address'])].filter(Boolean).join(', ');
    if (clean(g['po box'])) a.po_box = clean(g['po box']);
    if (street) a.street = street;
    if (clean(g.city)) a.city = clean(g.city);
    if (clean(g.region)) a.state = clean(g.region);
    if (clean(g['postal code'])) a.postal_code = clean(g['postal code']);
    if (clean(g.country)) a.country = clean(g.country);
    // Only a formatted address: keep it whole rather than guess its parts.
    if (Object.keys(a).length === 0 && clean(g.formatted)) a.street = clean(g.formatted);
    if (Object.keys(a).length === 0) continue;
    const { label } = labelOf(g.label ?? g.type);
    if (label) a.type = label;
    addresses.push(a);
  }
  if (addresses.length) entry.addresses = addresses;

  const websites: NonNullable<Entry['websites']> = [];
  for (const g of groups(row, 'Website').values()) {
    const type = labelOf(g.label ?? g.type).label || 'other';
    for (const url of splitMulti(g.value)) websites.push({ url, type });
  }
  if (websites.length) entry.websites = websites;

  const ims: NonNullable<Entry['ims']> = [];
  for (const g of groups(row, 'IM').values()) {
    const type = labelOf(g.label ?? g.type).label;
    const protocol = clean(g.service).toLowerCase();
    for (const imName of splitMulti(g.value)) ims.push({ name: imName, ...(protocol ? { protocol } : {}), ...(type ? { type } : {}) });
  }
  if (ims.length) entry.ims = ims;

  // "* starred" in Labels (or Group Membership in the older layout) is Google's favourite mark.
  const memberships = splitMulti(col(row, 'Labels', 'Group Membership')).map((l) => labelOf(l).label);
  if (memberships.includes('starred')) entry.is_favorite = 1;

  if (!entry.name && !entry.emails && !entry.phones && !entry.company) return null;
  return entry;
}

/** Whether a header row looks like a Google Contacts export (either layout). */
export function isGoogleHeader(headers: string[]): boolean {
  const h = headers.map((x) => x.trim().toLowerCase());
  const hasName = h.some((x) => ['name', 'first name', 'given name', 'last name', 'family name'].includes(x));
  const hasContact = h.some((x) => /^(e-mail|phone) \d+ - value$/.test(x));
  return hasName && hasContact;
}
