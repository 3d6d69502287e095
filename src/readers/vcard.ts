/**
 * vCard (.vcf) files → Kith entries. Phones and Apple/Google Contacts export vCard 2.1, 3.0 and 4.0.
 *
 * The `vcf` package splits a file into cards and each card into properties (unfolding, parameters,
 * groups). It leaves values raw, so this file adds what real exports need on top: quoted-printable with a
 * charset (Android 2.1 exports), RFC 6350 text escapes, structured values (N, ADR, ORG) and Apple's
 * item-grouped labels. `vcardToEntry` is the pure conversion from one card's properties to an Entry.
 */
import vCard from 'vcf';
import type { EntryInput } from '../domain/types.ts';

/** One property of a card, values not yet unescaped (but quoted-printable already decoded). */
export interface VcardProperty {
  /** Property name without group, lower-case and without dashes, e.g. `email`, `xablabel`. */
  name: string;
  /** Apple's `item1.` grouping, lower-case; ties a URL or ADR to its X-ABLabel. */
  group?: string;
  /** Parameters by name (lower-case, no dashes); TYPE values lower-case and split on commas. */
  params: Record<string, string[]>;
  value: string;
}

export type Entry = EntryInput;

export interface ParsedVcards {
  /** One Entry per usable card, in file order. */
  entries: Entry[];
  /** Cards that could not be read or held nothing (no name, e-mail, phone or company). */
  skipped: { card: number; reason: string }[];
  /** `ios`, `android` or `gmail` when the PRODID of the cards says where they came from. */
  sourceType: 'ios' | 'android' | 'gmail' | null;
}

/** `\,` `\;` `\n` `\\` → their characters (RFC 6350 §3.4). */
export function unescapeText(s: string): string {
  return s.replace(/\\([\\,;nN:])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a structured value on unescaped `sep`, then unescapes each component. */
export function splitStructured(s: string, sep = ';'): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length) {
      cur += c + s[i + 1];
      i++;
    } else if (c === sep) {
      out.push(unescapeText(cur));
      cur = '';
    } else cur += c;
  }
  out.push(unescapeText(cur));
  return out;
}

/** Decodes a quoted-printable value (soft line breaks already joined) in the given charset. */
export function decodeQuotedPrintable(s: string, charset = 'utf-8'): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      // Literal characters of a QP value are ASCII; anything else is kept as its UTF-8 bytes.
      for (const b of Buffer.from(s[i], 'utf8')) bytes.push(b);
    }
  }
  try {
    return new TextDecoder(charset.toLowerCase(), { fatal: false }).decode(Uint8Array.from(bytes));
  } catch {
    return new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
  }
}

const clean = (s: string | undefined | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Apple's `_$!<HomePage>!$_` style labels → `homepage`; custom labels are kept as written. */
function labelOf(raw: string): string {
  const m = /^_\$!<(.+)>!\$_$/.exec(raw.trim());
  return clean(m ? m[1] : raw).toLowerCase();
}

/** TYPE values other than the ones that only say "preferred" or "voice". */
function typesOf(p: VcardProperty): string[] {
  return (p.params.type ?? []).filter((t) => !['pref', 'internet', 'voice', 'x400'].includes(t));
}

function isPreferred(p: VcardProperty): boolean {
  return (p.params.type ?? []).includes('pref') || (p.params.pref ?? []).some((v) => v === '1');
}

/** Preferred values first (the order a contact app shows), otherwise file order. */
function byPreference(props: VcardProperty[]): VcardProperty[] {
  return [...props].sort((a, b) => Number(isPreferred(b)) - Number(isPreferred(a)));
}

/** Instant-messenger properties of older exports, by the protocol they stand for. */
const LEGACY_IM: Record<string, string> = {
  xjabber: 'jabber',
  xaim: 'aim',
  xicq: 'icq',
  xmsn: 'msn',
  xyahoo: 'yahoo',
  xskype: 'skype',
  xskypeusername: 'skype',
  xgoogletalk: 'gtalk',
  xgtalk: 'gtalk',
  xqq: 'qq',
};

/**
 * The pure conversion from one card to an Entry: no I/O, same input same output.
 * Returns null when the card holds nothing an invite could use or show (no name, e-mail, phone or company).
 */
export function vcardToEntry(props: VcardProperty[]): Entry | null {
  const all = (name: string) => props.filter((p) => p.name === name);
  const first = (name: string) => all(name)[0];
  const labels = new Map<string, string>();
  for (const p of all('xablabel')) if (p.group) labels.set(p.group, labelOf(unescapeText(p.value)));
  const typeOf = (p: VcardProperty): string | undefined => (p.group && labels.get(p.group)) || typesOf(p)[0];

  const entry: Entry = {};

  let name = clean(unescapeText(first('fn')?.value ?? ''));
  if (!name && first('n')) {
    const [family = '', given = '', additional = '', prefix = '', suffix = ''] = splitStructured(first('n').value);
    name = clean([prefix, given, additional, family, suffix].join(' '));
  }
  if (name) entry.name = name;

  const emails = byPreference(all('email'))
    .map((p) => clean(unescapeText(p.value)))
    .filter(Boolean);
  if (emails.length) entry.emails = [...new Set(emails)];

  const phones = byPreference(all('tel'))
    .map((p) => clean(unescapeText(p.value)).replace(/^tel:/i, ''))
    .filter(Boolean);
  if (phones.length) entry.phones = [...new Set(phones)];

  const nickname = clean(splitStructured(first('nickname')?.value ?? '', ',')[0]);
  if (nickname) entry.nickname = nickname;
  const title = clean(unescapeText(first('title')?.value ?? ''));
  if (title) entry.title = title;
  const company = clean(splitStructured(first('org')?.value ?? '')[0]);
  if (company) entry.company = company;

  // Only photo URLs are kept: inline (base64) photos are large and the API takes URLs.
  const photos = all('photo')
    .map((p) => clean(p.value))
    .filter((v) => /^https?:\/\//i.test(v));
  if (photos.length) entry.photos = photos;

  const addresses = all('adr')
    .map((p) => {
      const [poBox = '', extended = '', street = '', city = '', state = '', postal = '', country = ''] = splitStructured(p.value).map(clean);
      const a: NonNullable<Entry['addresses']>[number] = {};
      if (poBox) a.po_box = poBox;
      const streetLine = [street, extended].filter(Boolean).join(', ');
      if (streetLine) a.street = streetLine;
      if (city) a.city = city;
      if (state) a.state = state;
      if (postal) a.postal_code = postal;
      if (country) a.country = country;
      if (Object.keys(a).length === 0) return null;
      const type = typeOf(p);
      if (type) a.type = type;
      return a;
    })
    .filter((a) => a !== null);
  if (addresses.length) entry.addresses = addresses;

  const websites = all('url')
    .map((p) => ({ url: clean(unescapeText(p.value)), type: typeOf(p) ?? 'other' }))
    .filter((w) => w.url);
  if (websites.length) entry.websites = websites;

  const ims: NonNullable<Entry['ims']> = [];
  for (const p of all('impp')) {
    const v = clean(unescapeText(p.value));
    const m = /^([a-z][a-z0-9+.-]*):(.+)$/i.exec(v);
    const imName = clean(m ? m[2] : v);
    if (!imName) continue;
    const service = p.params.xservicetype?.[0];
    const protocol = (service ?? m?.[1] ?? '').toLowerCase();
    const im: NonNullable<Entry['ims']>[number] = { name: imName };
    if (protocol) im.protocol = protocol;
    const type = typesOf(p)[0];
    if (type) im.type = type;
    ims.push(im);
  }
  for (const p of props) {
    const protocol = LEGACY_IM[p.name];
    const imName = protocol ? clean(unescapeText(p.value)) : '';
    if (imName && !ims.some((i) => i.name === imName)) ims.push({ name: imName, protocol });
  }
  if (ims.length) entry.ims = ims;

  // Google and Android mark favourites with a "starred" category; Apple's export has no such mark.
  const categories = all('categories').flatMap((p) => splitStructured(p.value, ',').map((c) => clean(c).toLowerCase()));
  if (categories.some((c) => c === 'starred' || c === 'favorites' || c === 'favourites')) entry.is_favorite = 1;

  if (!entry.name && !entry.emails && !entry.phones && !entry.company) return null;
  return entry;
}

/**
 * Joins quoted-printable soft line breaks (`=` at the end of a line) of vCard 2.1 and normalises line
 * ends to CRLF, which the `vcf` package expects.
 */
function preprocess(card: string): string {
  const lines = card.split(/\r\n|\r|\n/);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (/ENCODING=QUOTED-PRINTABLE/i.test(line.split(':')[0])) {
      while (line.endsWith('=') && i + 1 < lines.length) line = line.slice(0, -1) + lines[++i].replace(/^[ \t]/, '');
    }
    out.push(line);
  }
  return out.join('\r\n');
}

const bare = (name: string): string => name.toLowerCase().replace(/-/g, '');

/** Turns the `vcf` package's property objects into VcardProperty, decoding quoted-printable. */
function propertiesOf(card: vCard): VcardProperty[] {
  const out: VcardProperty[] = [];
  for (const value of Object.values(card.data)) {
    for (const prop of Array.isArray(value) ? value : [value]) {
      const raw = prop as unknown as Record<string, unknown> & { _field: string; _data: unknown };
      const params: Record<string, string[]> = {};
      let group: string | undefined;
      for (const [k, v] of Object.entries(raw)) {
        if (k === 'group') group = String(v).toLowerCase();
        // The package camel-cases names (X-SERVICE-TYPE → xServiceType, X-ABLabel → xAbLabel), so
        // names are compared lower-case without dashes, whatever their case in the file.
        else params[bare(k)] = (Array.isArray(v) ? v : [v]).map((x) => String(x));
      }
      if (params.type) params.type = params.type.map((t) => t.toLowerCase().replace(/^"|"$/g, ''));
      let data = String(raw._data ?? '');
      if ((params.encoding ?? []).some((e) => /^quoted-printable$/i.test(e))) data = decodeQuotedPrintable(data, params.charset?.[0]);
      const name = bare(raw._field);
      out.push({ name, ...(group ? { group } : {}), params, value: data });
    }
  }
  return out;
}

/** Where the cards came from, from their PRODID (the API's `source.type`). */
export function sourceTypeOf(prodId: string | undefined): ParsedVcards['sourceType'] {
  if (!prodId) return null;
  if (/apple|iphone|ipad|ios|mac os/i.test(prodId)) return 'ios';
  if (/android/i.test(prodId)) return 'android';
  if (/google/i.test(prodId)) return 'gmail';
  return null;
}

/** Reads every card of a .vcf file's text. A card that cannot be read is skipped and reported, not fatal. */
export function parseVcards(text: string): ParsedVcards {
  const chunks = text
    .replace(/^\uFEFF/, '')
    .split(/(?=^BEGIN:VCARD\s*$)/im)
    .filter((c) => /BEGIN:VCARD/i.test(c));
  const entries: Entry[] = [];
  const skipped: ParsedVcards['skipped'] = [];
  let sourceType: ParsedVcards['sourceType'] = null;
  chunks.forEach((chunk, i) => {
    const card = i + 1;
    // Anything after END:VCARD (blank lines, stray text) is not part of the card.
    const end = /^END:VCARD\s*$/im.exec(chunk);
    const body = end ? chunk.slice(0, end.index + end[0].length) : chunk;
    let props: VcardProperty[];
    try {
      props = propertiesOf(new vCard().parse(preprocess(body)));
    } catch (e) {
      skipped.push({ card, reason: e instanceof Error ? e.message : String(e) });
      return;
    }
    sourceType ??= sourceTypeOf(props.find((p) => p.name === 'prodid')?.value);
    const entry = vcardToEntry(props);
    if (entry) entries.push(entry);
    else skipped.push({ card, reason: 'no name, e-mail, phone or company' });
  });
  return { entries, skipped, sourceType };
}
