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
import { COMPANY_MAIN_LABEL, isCompanyCard, nameOfParts, naturalOrder, NOT_PERSONAL_PHONE_LABEL, type Entry } from './vcard.ts';

/** Separator of several values in one Google CSV cell. */
const MULTI = ' ::: ';

/** A cell's text with its runs of white space made one space, trimmed. */
export const clean = (s: string | undefined | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

function splitMulti(cell: string | undefined): string[] {
  return (cell ?? '').split(MULTI).map(clean).filter(Boolean);
}

/** "* Home" → "home": the star marks the primary value. */
function labelOf(cell: string | undefined): { label: string; primary: boolean } {
  const raw = clean(cell);
  const primary = raw.startsWith('*');
  return { label: clean(raw.replace(/^\*\s*/, '')).toLowerCase(), primary };
}

/** A numbered column group ("E-mail 2 - Value", "E-mail 2 - Label"): its number and each field's column. */
interface Group {
  n: number;
  /** Field name (lower case: "value", "label", "type", "street" …) → column index. */
  fields: Map<string, number>;
}

/**
 * The columns of one header, found once: a file's rows all share them, so each row is only indexed
 * (walking every header per lookup, and building a RegExp per group, cost ~0.25 ms a row).
 *
 * The order is the one a header → cell object gives (Object.entries: integer-like names first), and a
 * name written twice is its last column, so a row reads exactly as `googleRowToEntry(row)` reads it.
 */
class Layout {
  /** Distinct header names with the column each one reads. */
  private readonly names: [string, number][];
  private readonly byName = new Map<string, number[]>();
  private readonly groupsOf = new Map<string, Group[]>();

  constructor(header: readonly string[]) {
    const columns: Record<string, number> = {};
    header.forEach((h, j) => {
      columns[h] = j;
    });
    this.names = Object.entries(columns);
  }

  /** The columns named `name`, any case and surrounding spaces, in lookup order. */
  private columnsNamed(name: string): number[] {
    const key = name.toLowerCase();
    let found = this.byName.get(key);
    if (found === undefined) {
      found = this.names.filter(([h]) => h.trim().toLowerCase() === key).map(([, j]) => j);
      this.byName.set(key, found);
    }
    return found;
  }

  /** Numbered column groups of a prefix ("E-mail", "Phone" …), by number. */
  groups(prefix: string): Group[] {
    let found = this.groupsOf.get(prefix);
    if (found === undefined) {
      const byNumber = new Map<number, Map<string, number>>();
      const re = new RegExp(`^${prefix} (\\d+) - (.+)$`, 'i');
      for (const [h, j] of this.names) {
        const m = re.exec(h.trim());
        if (!m) continue;
        const n = Number(m[1]);
        if (!byNumber.has(n)) byNumber.set(n, new Map());
        byNumber.get(n)!.set(m[2].toLowerCase(), j);
      }
      found = [...byNumber.entries()].sort((a, b) => a[0] - b[0]).map(([n, fields]) => ({ n, fields }));
      this.groupsOf.set(prefix, found);
    }
    return found;
  }

  /** The first of `names` with a non-blank cell in this row (case-insensitive, as exports differ in case). */
  col(cells: readonly (string | undefined)[], ...names: string[]): string {
    for (const name of names) {
      for (const j of this.columnsNamed(name)) {
        const v = clean(cells[j]);
        if (v) return v;
      }
    }
    return '';
  }
}

/** A group's cells in this row: field → cell ('' for a missing cell). */
function cellsOf(g: Group, cells: readonly (string | undefined)[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, j] of g.fields) out[field] = cells[j] ?? '';
  return out;
}

/**
 * Values of a numbered group ("E-mail", "Phone"), primary ones first; `keep`: whether a label's values
 * are read. A phone cell stays whole: its " ::: " list is read as any field's list of numbers
 * (phone.ts phoneNumbers), so a national number after an international one takes its country, as the
 * same string does in a JSON upload (split here, `+1 415 555 0160 ::: (415) 555-0161` left the second
 * number without a country).
 */
function valuesOf(layout: Layout, cells: readonly (string | undefined)[], prefix: string, keep?: (label: string) => boolean): string[] {
  const items: { value: string; primary: boolean }[] = [];
  const whole = prefix === 'Phone';
  for (const group of layout.groups(prefix)) {
    const g = cellsOf(group, cells);
    const { label, primary } = labelOf(g.label ?? g.type);
    if (keep !== undefined && !keep(label)) continue;
    const values = splitMulti(g.value);
    if (whole && values.length > 1) items.push({ value: values.join(MULTI), primary });
    else for (const value of values) items.push({ value, primary });
  }
  items.sort((a, b) => Number(b.primary) - Number(a.primary));
  return [...new Set(items.map((i) => i.value))];
}

/**
 * The conversion of the rows of one Google Contacts CSV header: the columns are found once, and the
 * function returned converts one row's cells (in header order) to an Entry, or null when the row holds
 * no name, e-mail, phone or company. Each row converts exactly as `googleRowToEntry` converts it.
 */
export function googleRowConverter(header: readonly string[]): (cells: readonly (string | undefined)[]) => Entry | null {
  const layout = new Layout(header);
  // Every lookup once, now: the rows then only index their cells.
  for (const prefix of ['E-mail', 'Phone', 'Organization', 'Address', 'Website', 'IM']) layout.groups(prefix);
  return (cells) => rowToEntry(layout, cells);
}

/**
 * The pure conversion from one Google Contacts CSV row (header → cell) to an Entry.
 * Returns null when the row holds no name, e-mail, phone or company. For the rows of a file, build one
 * converter per header with `googleRowConverter` (readers/csv.ts does).
 */
export function googleRowToEntry(row: Record<string, string>): Entry | null {
  return googleRowConverter(Object.keys(row))(Object.values(row));
}

function rowToEntry(layout: Layout, cells: readonly (string | undefined)[]): Entry | null {
  const col = (...names: string[]) => layout.col(cells, ...names);
  const entry: Entry = {};

  // A "Name" written sorted ("Dupont, Marie") beside its Given and Family Name is shown in natural order.
  const name =
    naturalOrder(col('Name'), col('First Name', 'Given Name'), col('Last Name', 'Family Name'), col('Middle Name', 'Additional Name')) ||
    // Family name first when the parts are written in Han, kana or Hangul (nameOfParts), as every reader does.
    clean(
      [
        col('Name Prefix'),
        nameOfParts(col('First Name', 'Given Name'), col('Middle Name', 'Additional Name'), col('Last Name', 'Family Name')),
        col('Name Suffix'),
      ].join(' '),
    ) ||
    col('File As');
  if (name) entry.name = name;

  const emails = valuesOf(layout, cells, 'E-mail');
  if (emails.length) entry.emails = emails;
  // A fax, a pager, an assistant's or a company's main number is not the person's phone (as in Outlook's
  // CSV); the company's main number is read for a company's own card (no other name) holding no other
  // number (such a card with only its "Company Main" number was left out as nothing to invite).
  const orgGroup = layout.groups('Organization')[0];
  const org = orgGroup === undefined ? undefined : cellsOf(orgGroup, cells);
  const company = col('Organization Name') || clean(org?.name);
  let phones = valuesOf(layout, cells, 'Phone', (label) => !NOT_PERSONAL_PHONE_LABEL.test(label));
  if (phones.length === 0 && isCompanyCard(name, company)) phones = valuesOf(layout, cells, 'Phone', (label) => COMPANY_MAIN_LABEL.test(label));
  if (phones.length) entry.phones = phones;

  const nickname = col('Nickname');
  if (nickname) entry.nickname = nickname;
  // A contact known only by a nickname ("Bubba") is shown by it: its name was null.
  if (nickname && !entry.name) entry.name = nickname;
  if (company) entry.company = company;
  const title = col('Organization Title') || clean(org?.title);
  if (title) entry.title = title;

  const photo = col('Photo');
  if (/^https?:\/\//i.test(photo)) entry.photos = [photo];

  const addresses: NonNullable<Entry['addresses']> = [];
  for (const group of layout.groups('Address')) {
    const g = cellsOf(group, cells);
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
  for (const group of layout.groups('Website')) {
    const g = cellsOf(group, cells);
    const type = labelOf(g.label ?? g.type).label || 'other';
    for (const url of splitMulti(g.value)) websites.push({ url, type });
  }
  if (websites.length) entry.websites = websites;

  const ims: NonNullable<Entry['ims']> = [];
  for (const group of layout.groups('IM')) {
    const g = cellsOf(group, cells);
    const type = labelOf(g.label ?? g.type).label;
    const protocol = clean(g.service).toLowerCase();
    for (const imName of splitMulti(g.value)) ims.push({ name: imName, ...(protocol ? { protocol } : {}), ...(type ? { type } : {}) });
  }
  if (ims.length) entry.ims = ims;

  // "* starred" in Labels (or Group Membership in the older layout) is Google's favourite mark.
  const memberships = splitMulti(col('Labels', 'Group Membership')).map((l) => labelOf(l).label);
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
