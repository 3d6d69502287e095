/**
 * Cards that are no person to invite, read from the card's name and its one kind of address together
 * (issue #12, a black-box probe of top 10s): a brand named on a card received from its own domain, and a
 * group mailbox (a distribution list, a team's or a desk's address) the owner writes to. What junk.ts's
 * address rules cannot tell alone, the name tells, and the other way round; a person's name (a given name
 * the nickname groups know, or a mailbox holding the name's words as a person's does) is never read so.
 *
 * Each reading ranks the card after the people of its group (Contact.sender, options.ts), as the senders
 * kept in the list do (docs/ranking.md), and never leaves it out: a brand named on its own sending host
 * from the brand's own mailbox (`drop`, the confidence the bulk-sender rules ask) reads the same as a
 * family's mail domain (`Jones <jones@jonesmail.net>`: a review found such people left out), so
 * merge/contact.ts shifts `drop` as it shifts `shift`, and only for a card received only.
 *
 * Pure and cheap: what depends on the domain is memoised per domain (junk.ts brandHostOf); a card is read
 * only after a test of its first letters or of its addresses' flags.
 */
import { TwoGenerationCache } from './cache.ts';
import { brandHostOf, isRoleWord, onClearJunkCache, type BulkSignals } from './junk.ts';
import { isKnownGivenName, organisationName } from './merge/names.ts';
import type { NormEmail } from './types.ts';
import { isWebmailDomain } from './webmail.ts';

/** `drop`: the brand's sending host and own mailbox; `shift`: a less certain reading; null: none (contact.ts shifts both). */
export type SenderReading = 'drop' | 'shift' | null;

const NON_ASCII = /[^\x20-\x7e]/;
const MARKS = /\p{M}+/gu;
const NOT_WORD = /[^a-z0-9]+/;
const LOCAL_SEPARATORS = /[-_.]+/;
/** A note in brackets after a name (`Ann Lee (Marketing Team)`): the note is not the card's name. */
const NOTE = /\([^()]*\)|\[[^[\]]*\]/g;

/** A name's words: lower-case ASCII letters and digits (marks dropped), notes in brackets left out. */
function wordsOf(name: string): string[] {
  let s = name.indexOf('(') >= 0 || name.indexOf('[') >= 0 ? name.replace(NOTE, ' ') : name;
  if (NON_ASCII.test(s)) s = s.normalize('NFD').replace(MARKS, '');
  const out: string[] = [];
  for (const w of s.toLowerCase().split(NOT_WORD)) if (w !== '') out.push(w);
  return out;
}

/** The mailbox of an address key: the local part, its +tag dropped. */
function mailboxOf(e: NormEmail): string {
  const at = e.key.lastIndexOf('@');
  const local = at > 0 ? e.key.slice(0, at) : e.key;
  const plus = local.indexOf('+');
  return plus > 0 ? local.slice(0, plus) : local;
}

/** A card's one usable address, when it has exactly one and no number to call; null otherwise. */
function onlyAddress(c: BulkSignals): NormEmail | null {
  for (const p of c.phones) if (p.key !== null) return null;
  let one: NormEmail | null = null;
  for (const e of c.emails) {
    if (e.junk) continue;
    if (one !== null) return null;
    one = e;
  }
  return one;
}

/** The first letter of a name (lower-case, ASCII), a leading `The ` skipped: the prefilter of brandSender. */
function firstLetter(name: string): string {
  let i = 0;
  if (name.length > 4 && (name.charCodeAt(3) === 32 || name.charCodeAt(3) === 160) && name.slice(0, 3).toLowerCase() === 'the') i = 4;
  return name.charAt(i).toLowerCase();
}

/**
 * Whether the words, some leading ones read as their initials (two or more) and the rest whole, spell
 * `core`: `New York Times` for nytimes. Bounded: names of up to 6 words.
 */
function initialsSpell(words: readonly string[], core: string): boolean {
  const n = words.length;
  if (n < 3 || n > 6) return false;
  for (let k = 2; k < n; k++) {
    let s = '';
    for (let i = 0; i < k; i++) s += words[i]![0];
    for (let i = k; i < n; i++) s += words[i];
    if (s === core) return true;
  }
  return false;
}

/**
 * Whether a card names the brand of the one domain it came from, and how sure that is: its name spells the
 * registrable label of the domain (junk.ts brandHostOf: allowing the affixes of brands' mail and service
 * domains, `hulumail`, `zellepay`, `email-marriott`, `onepeloton`), as
 * - the name run together (`Hulu`, `Peloton`, `Pinterest` from pinbot@explore.pinterest.com, `The Home
 *   Depot`);
 * - the brand then a product or a desk (`Ally Bank` from ally@ally.com, `CVS Pharmacy`, `Marriott Bonvoy`);
 * - the leading words' initials then the rest (`The New York Times` from nytdirect@nytimes.com);
 * - or, for one word of four letters or more, the start of the label (`Verizon` from
 *   VZWMail@ecrmemail.verizonwireless.com).
 *
 * `drop` (left out when received only, as isBulkSender's rules leave out a brand) only on the brand's
 * sending host (SENDING_LABEL, a mail or service affix of the label, or a host named as the product:
 * pharmacy.cvs.com) from the brand's own mailbox (it starts with the brand, or is the whole name run
 * together); `shift` otherwise. Never, so that the card ranks as it scores:
 * - on a card with a number, or with more than one usable address;
 * - at a webmail provider's, an internet provider's or a university's domain;
 * - with a given name the nickname groups know among its words (`James Clear` from james@jamesclear.com);
 * - from a mailbox holding the name's words as a person's does (`Honda` from k.honda@e.honda.com, `Weber
 *   Anna` from anna@weber.de, `Wei Ming Zhang` from wei@wmzhang.com);
 * - a name of two words or more that is the bare domain's label from a mailbox holding one of its words
 *   (`Ann Lee` from annlee@annlee.co.uk, `Jane Doe` from jane@janedoe.com: a person's own domain; from a
 *   mailbox holding none, `Qatar Airways` from qrewards@qatarairways.com, `shift`), nor a one-word name
 *   that is the label as it is (`Nina` from ninabooks@nina.com: junk.ts's rules decide those);
 * - a name that does not start the label (`Mark Peloton` from mark@peloton.dev).
 */
export function brandSender(c: BulkSignals): SenderReading {
  const name = c.name;
  if (name == null || name.length === 0) return null;
  const one = onlyAddress(c);
  if (one === null) return null;
  const h = brandHostOf(one.domain);
  if (h.personal) return null;
  if (industryNamed(name, mailboxOf(one))) return 'shift';
  if (h.cores.length === 0) return null;
  if (!h.firsts.includes(firstLetter(name.trim()))) return h.sub === '' && ownScriptBrand(name, mailboxOf(one), h.cores) ? 'shift' : null;
  const words = wordsOf(name);
  if (words[0] === 'the') words.shift();
  const n = words.length;
  if (n === 0 || n > 6) return null;
  if (givenNameAmong(words)) return null;
  const tokens = mailboxOf(one).split(LOCAL_SEPARATORS);
  // A person's mailbox with the name (`k.honda@`, `jane.doe@`).
  if (tokens.length > 1) for (const t of tokens) if (t.length >= 2 && words.includes(t)) return null;
  const box = tokens.length === 1 ? tokens[0]! : tokens.join('');
  const whole = words.join('');
  const bare = h.sub === '';
  let reading: SenderReading = null;
  for (const { core, affix } of h.cores) {
    // The host is the brand's sending host: a sending label, a mail or service affix.
    const sendingHost = bare ? affix === 'service' : h.sending;
    if (whole === core) {
      // A brand's initials in capitals as the mailbox of its bare domain (`OLX` from olx@olx.pl, `N26`):
      // too short for junk.ts's brand rules, which ask four letters; a person's name is not written so.
      if (bare && n === 1 && box === whole && acronymCased(name)) {
        reading = 'shift';
        continue;
      }
      if (bare && (n > 1 || affix === 'none')) {
        // A person's own domain (`Zoe Quill` from zoe@zoequill.com) holds a word of the name in the mailbox;
        // a brand's (`Qatar Airways` from qrewards@qatarairways.com) need not: that one, received only, is
        // ranked after the people (a probe found it sixth of a small book).
        // So is a name of no given name run together as the mailbox (`Mercado Livre` from
        // mercadolivre@mercadolivre.com.br: a probe found it first of a book received only).
        if (n > 1 && (box === whole || !words.some((w) => w.length >= 2 && box.includes(w)))) reading = 'shift';
        continue;
      }
      if (sendingHost && box.startsWith(core)) return 'drop';
      // Under a host of no sending name (`explore.`, `global.`): the brand's, or a family name at its firm's
      // (`Suzuki` from taro@global.suzuki.co.jp): ranked after the people, not left out.
      reading = 'shift';
      continue;
    }
    if (n > 1 && core.length >= 3 && whole.startsWith(core)) {
      // The brand's words then a product or a desk (`Ally Bank`, `CVS Pharmacy`, `Marriott Bonvoy`).
      let lead = '';
      let k = 0;
      while (k < n - 1 && lead.length < core.length) lead += words[k++];
      if (lead !== core) continue;
      const rest = words.slice(k);
      const holdsRest = rest.some((w) => w.length >= 2 && box.includes(w));
      if (holdsRest) {
        // The whole name run together as the mailbox, from the brand's sending host or a host named as the
        // product (`CVSPharmacy@pharmacy.cvs.com`, `MarriottBonvoy@email-marriott.com`); on the firm's own
        // bare domain it is a person's name, family name first (`Weber Anna` from weberanna@weber.de).
        if (box === whole && (sendingHost || affix === 'brand' || (h.lead !== '' && rest.includes(h.lead)))) return 'drop';
        continue;
      }
      // Any mailbox of the brand's own bare domain as well (`UPS My Choice` from mcinfo@ups.com, received
      // only: a probe found it ranked among the people).
      if (box.startsWith(core) || h.sending || bare) reading = 'shift';
      continue;
    }
    if (affix === 'none') {
      if (initialsSpell(words, core)) {
        for (const w of words) if (w.length >= 3 && box.includes(w)) return null;
        reading = 'shift';
      } else if (n === 1 && whole.length >= 4 && core.length - whole.length >= 3 && core.startsWith(whole) && !box.includes(whole)) {
        reading = 'shift';
      }
    }
  }
  return reading;
}

/**
 * A name that says its card is a firm's whatever the address (`Turkish Airlines` from
 * turkishairlines@thy.com, `Pegasus Hava Yolları` from pegasus@flypgs.com, `Garanti Bankası`: a probe found
 * each ranked above the people of a book received only, where the domain does not spell the name): a word
 * of an industry that is no word of a person's name (not `Bank`, `Banco`: Danish and Spanish family
 * names, `Mette Bank` at her own firm's; a review), no given name the nickname groups know, and
 * no mailbox holding a word of the name apart as a person's does (`Jan Bank` from jan.bank@firma.nl). Read
 * only on a card of one address at no webmail or provider domain, received only (contact.ts): ranked after
 * the people, never left out.
 */
function industryNamed(name: string, box: string): boolean {
  const words = wordsOf(name.indexOf('ı') >= 0 ? name.replace(DOTLESS_I, 'i') : name);
  if (words.length === 0 || words.length > 6 || !words.some((w) => INDUSTRY_WORDS.has(w))) return false;
  if (givenNameAmong(words)) return false;
  // A person's mailbox holding a word of the name apart (`jan.bank@`, `k.bank@`).
  const tokens = box.split(LOCAL_SEPARATORS);
  if (tokens.length > 1) for (const t of tokens) if (t.length >= 2 && words.includes(t)) return false;
  return true;
}

/** Turkish dotless i, which no decomposition folds: `Bankası` is read as `bankasi`. */
const DOTLESS_I = /ı/g;

/** Words of airlines', banks', insurers' and shops' names, folded as wordsOf folds (`yolları` as `yollari`). */
const INDUSTRY_WORDS: ReadonlySet<string> = new Set(
  (
    'airlines airline airways aerolineas aerolinhas hava yollari ' +
    'bankasi sparkasse volksbank raiffeisenbank kredi ' +
    'insurance assurance assurances versicherung versicherungen sigorta seguros assicurazioni ubezpieczenia ' +
    'pharmacy apotheke farmacia eczane supermarket supermarkt hotels resorts cinemas telecom'
  ).split(' '),
);

/**
 * Whether a name's words hold a given name the nickname groups know (`Al`, `Bill`), but for the Arabic
 * article before another word (`Al Jazeera`, `El Corte Inglés`, `Al Rajhi Bankası`: a probe found each
 * ranked first of a book received only, `Al` read as Albert's short form).
 */
function givenNameAmong(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if ((w === 'al' || w === 'el') && i + 1 < words.length) continue;
    if (isKnownGivenName(w)) return true;
  }
  return false;
}

/** A name written as a brand's initials: two to five capitals or digits, a capital first (`OLX`, `N26`). */
function acronymCased(name: string): boolean {
  return /^[A-Z][A-Z0-9]{1,4}$/.test(name.trim());
}

/**
 * A brand named in its own script on its own mailbox of its bare domain (`쿠팡` from coupang@coupang.com,
 * `メルカリ` from mercari@mercari.jp, `Авито` from avito@avito.ru: a probe found each first of a book
 * received only, where the same card with no name or named `Coupang` is left out): one word with no Latin
 * letter, the mailbox the domain's name. Its letters cannot be compared with the address's, so a person
 * on the domain of their family name, named in their script (`Иванов` from ivanov@ivanov.ru), reads the
 * same: `shift`, ranked after the people when received only, never left out.
 */
function ownScriptBrand(name: string, box: string, cores: readonly { core: string }[]): boolean {
  const t = name.trim();
  if (t === '' || LATIN_LETTER.test(t) || /\s/.test(t)) return false;
  for (const { core } of cores) if (box === core) return true;
  return false;
}
const LATIN_LETTER = /[A-Za-z\u00c0-\u024f]/;

/** A list's first words (`All Employees`, `DL-Finance-Approvals`); `dl`, `dg`, `grp` are initials too (`DL Smith`). */
const GROUP_LEADS: ReadonlySet<string> = new Set(['all', 'everyone', 'everybody', 'dl', 'dg', 'grp']);
const INITIALS_LEADS: ReadonlySet<string> = new Set(['dl', 'dg', 'grp']);
/** Words of a group's name anywhere in it (`Platform Employees`); not `list` nor `staff`, family names (`Anna List`). */
const GROUP_WORDS: ReadonlySet<string> = new Set(['everyone', 'everybody', 'employees', 'committee']);
/** A group mailbox's local part: a list's prefix (`dl-`, `all-`, `team-`) or a group's ending (`-team`, `-office`). */
const LOCAL_PREFIXES: ReadonlySet<string> = new Set(['dl', 'dg', 'grp', 'all', 'team', 'everyone']);
const LOCAL_ENDINGS: ReadonlySet<string> = new Set(['team', 'group', 'grp', 'staff', 'all', 'everyone', 'dl', 'helpdesk', 'office', 'dept']);

/**
 * Whether a local part's tokens read as a group mailbox's: `dl-`, `dg-` or `grp-` before two words or a
 * role word (`dl-finance-approvals`, `dl-engineering`; `dl.smith@` is initials), or a list's prefix or a
 * group's ending beside role words only (`mkt-team`, `it-helpdesk`, `nyc-office`, `team-platform`;
 * `anna.staff@` and `bill-team@` are people's). No token a given name the nickname groups know.
 */
function groupLocal(tokens: readonly string[]): boolean {
  const n = tokens.length;
  if (n < 2) return false;
  const first = tokens[0]!;
  let shape: boolean;
  if (INITIALS_LEADS.has(first)) shape = n >= 3 || isRoleWord(tokens[1]!);
  else {
    const at = LOCAL_ENDINGS.has(tokens[n - 1]!) ? n - 1 : LOCAL_PREFIXES.has(first) ? 0 : -1;
    shape = at >= 0;
    for (let i = 0; shape && i < n; i++) if (i !== at && !isRoleWord(tokens[i]!)) shape = false;
  }
  if (!shape) return false;
  for (const t of tokens) if (t.length < 2 || isKnownGivenName(t)) return false;
  return true;
}

/** Whether a token (three letters or more) is a role word or a group's word: an address that reads as a desk's or a list's. */
function groupToken(t: string): boolean {
  return t.length >= 3 && (isRoleWord(t) || GROUP_WORDS.has(t) || LOCAL_ENDINGS.has(t));
}

/**
 * Whether a card is a group mailbox: a distribution list, a team's, an office's or a department's address,
 * which the owner writes to (evidence keeps it in the list) but which is no person to invite. No number to
 * call, and every usable address reads as a group's or a desk's (a role address, a list's prefix or a
 * group's ending, or a role word among its tokens: `phoenix-core`), under
 * - no name, when an address is a group mailbox by its shape (`dl-finance-approvals@`);
 * - a group's name: an organisation's or a desk's (names.ts organisationName: `Marketing Team`, `IT
 *   Helpdesk`, `NYC Office`, `Sales - EMEA`, `#team-platform`), a list's first word or a group's word
 *   (`All Employees`, `DL-Finance-Approvals`, `Platform Staff`), a role list's word (`Leadership`,
 *   `Engineering` from eng@: the mailbox agreeing with the name), or a role word first with an address
 *   naming the name and a group's word (`Project Phoenix` from phoenix-core@; `Studio Lumen` from
 *   hello@studiolumen.com is a one-person business's desk, ranked as it scores);
 * never with a given name among the name's words (`Bill Team`), at a webmail provider's, nor from a
 * person's mailbox under a group's name (`Kasia Nowak (Sales Team)` from kasia.nowak@: the note is not her
 * name; `Pastor Jones` from pastor.jones@ names only him).
 */
export function groupMailbox(c: BulkSignals): boolean {
  for (const p of c.phones) if (p.key !== null) return false;
  // First what the addresses alone say, memoised per address (a book is merged again on every read): most
  // cards stop here, a person's mailbox holding no group's or role's word.
  let usable = 0;
  let shaped = 0;
  for (const e of c.emails) {
    if (e.junk) continue;
    usable++;
    const f = groupAddress(e);
    if (f < 0 || (f === 0 && !e.role)) return false;
    if (f === 2) shaped++;
  }
  if (usable === 0) return false;
  const words = wordsOf(c.name?.trim() ?? '');
  if (words.length === 0) return shaped === usable;
  for (const w of words) if (isKnownGivenName(w)) return false;
  const lead = words[0]!;
  if (organisationName(words) || words.some((w) => GROUP_WORDS.has(w))) return true;
  if (GROUP_LEADS.has(lead) && words.length > 1) return !INITIALS_LEADS.has(lead) || words.length >= 3 || isRoleWord(words[1]!);
  if (isRoleWord(words.join('')) || isRoleWord(words.join('-')) || isRoleWord(words.join('.'))) {
    if (words.length > 1) return true;
    // One word: every mailbox agrees with it (`Engineering` from eng@, `Leadership` from leadership@).
    const w = lead;
    for (const e of c.emails) {
      if (e.junk) continue;
      const box = mailboxOf(e);
      if (!(box === w || (box.length >= 2 && w.startsWith(box)) || box.startsWith(w))) return false;
    }
    return true;
  }
  if (words.length < 2 || !isRoleWord(lead)) return false;
  // A role word first: a mailbox holding a word of the name beside a group's word (`phoenix-core@` for
  // `Project Phoenix`).
  for (const e of c.emails) {
    if (e.junk) continue;
    let named = false;
    let group = false;
    for (const t of mailboxOf(e).split(LOCAL_SEPARATORS)) {
      if (words.includes(t)) named = true;
      else if (groupToken(t)) group = true;
    }
    if (named && group) return true;
  }
  return false;
}

/** A card's name (trimmed) when it has one, no number to call and a usable address: what roomMailbox and listMailbox read; null otherwise. */
function namedAddressCard(c: BulkSignals): string | null {
  const name = c.name?.trim() ?? '';
  if (name === '') return null;
  for (const p of c.phones) if (p.key !== null) return null;
  for (const e of c.emails) if (!e.junk) return name;
  return null;
}

/**
 * Words that name a room or a bookable thing anywhere in a card's name: a calendar's resource mailbox
 * (Exchange's and Google's rooms and equipment), which the owner "writes to" with every meeting booked in it.
 */
const ROOM_WORDS: ReadonlySet<string> = new Set(
  'boardroom meetingroom conferenceroom konferenzraum besprechungsraum besprechungszimmer sitzungssaal sitzungszimmer meetingraum vergaderzaal vergaderruimte moetesrum motesrum konferensrum projector'.split(
    ' ',
  ),
);
/**
 * What kind of room a name's `Room` is when it ends the name (`Training Room`); a `Room` followed by its
 * number, letter or place is a room whatever comes before (`Room 2012`, `Focus Room 1`, `Zoom Room -
 * Lisbon`), and `Karen Room` is Karen.
 */
const ROOM_KINDS: ReadonlySet<string> = new Set(
  'conference meeting board training focus zoom teams huddle quiet phone class lecture seminar video break lunch reading study prayer server copy print mail war team project'.split(
    ' ',
  ),
);
/**
 * Words for a room that lead its name with a number in it (`Raum Alster (8 Pers.)`, `Salle 204`, `Beamer 2`):
 * alone they are family and given names as often (`Sala, Marco` and `Sala Marco` written family name
 * first, `Zaal Kikvidze`, `Todd Beamer`: a review found such people ranked after everyone).
 */
const ROOM_LEADS: ReadonlySet<string> = new Set(['raum', 'salle', 'sala', 'saal', 'zaal', 'beamer']);
/** A meeting room in Japanese, Chinese and Korean (`会議室A`). */
const ROOM_CJK = /会議室|会议室|會議室|회의실/;

/**
 * Whether a card is a room's or a bookable thing's mailbox (`NYC-12-Boardroom (16) [Zoom]`, `Conference
 * Room A`, `Raum Alster (8 Pers.)`, `Salle 204`, `Projector Cart 2`, `Pool Car VW Golf`, `会議室A`): a
 * calendar's resource, written to with every meeting booked in it and never anyone to invite. A probe found
 * twelve of them the top of a work book, its people from 13th. No number to call, no address at a webmail
 * provider's, and no given name the nickname groups know among the name's words (`Karen Room`).
 */
export function roomMailbox(c: BulkSignals): boolean {
  const name = namedAddressCard(c);
  if (name === null) return false;
  for (const e of c.emails) if (!e.junk && isWebmailDomain(e.domain)) return false;
  if (ROOM_CJK.test(name)) return true;
  // The words of the name, its notes too (`Raum Alster (8 Pers.)`: the note is the room's seats).
  const words = wordsOf(name.replace(/[()[\]]/g, ' '));
  if (words.length === 0) return false;
  let room = ROOM_LEADS.has(words[0]!) && words.length > 1 && /\d/.test(name) && !name.includes(',');
  for (let i = 0; !room && i < words.length; i++) {
    const w = words[i]!;
    room =
      ROOM_WORDS.has(w) ||
      (w === 'pool' && words[i + 1] === 'car') ||
      ((w === 'room' || w === 'rooms') && (i < words.length - 1 || (i > 0 && ROOM_KINDS.has(words[i - 1]!))));
  }
  if (!room) return false;
  for (const w of words) if (isKnownGivenName(w)) return false;
  return true;
}

/** Words that end a list's name (`Class 3B Parents`, `U10 Soccer Team`, `Choir Members`, `Book Club`, `Kita Sonnenschein Eltern`). */
const LIST_ENDINGS: ReadonlySet<string> = new Set(
  'parents eltern team members mitglieder club committee neighbours neighbors nachbarn classmates alumni volunteers'.split(' '),
);
/** A list's name alone (`PTA`, `Neighbours`). */
const LIST_ALONE: ReadonlySet<string> = new Set('pta pto neighbours neighbors nachbarn classmates alumni volunteers'.split(' '));

/**
 * Whether a card is a list of people by its name (`Class 3B Parents`, `U10 Soccer Team`, `Board of
 * Directors`, `Book Club`, `PTA`): mail to it goes to everyone on it, and the owner writes to it often. A
 * probe found seven such lists the top of a book, above the friends. No number to call, an address, no
 * given name the nickname groups know among the name's words (`Bill Team`), and the name's own words only
 * (`Kasia Nowak (Sales Team)` is Kasia); two words before the ending, or one holding a digit (`U10 Soccer
 * Team`, not `Nguyen Parents`, a friend's parents, nor `Smith Club`).
 */
export function listMailbox(c: BulkSignals): boolean {
  const name = namedAddressCard(c);
  if (name === null) return false;
  const words = wordsOf(name);
  const n = words.length;
  if (n === 0) return false;
  for (const w of words) if (isKnownGivenName(w)) return false;
  if (n === 1) return LIST_ALONE.has(words[0]!);
  if (words[0] === 'board' && words[1] === 'of') return true;
  // Two words and an ending: a list only when the first holds a digit (`U10 Team`); `Nguyen Parents` is a
  // couple. Words as written, between spaces: `Jean-François Parent` is two.
  if (!LIST_ENDINGS.has(words[n - 1]!)) return false;
  return name.replace(NOTE, ' ').trim().split(/\s+/).length >= 3 || !/^[a-z]+$/.test(words[0]!);
}

/** groupAddress's answers by address key. */
const groupCache = new TwoGenerationCache<string, number>(50_000);

/**
 * What an address alone says of a group mailbox, memoised per address key: 2 when its mailbox has a group
 * mailbox's shape (groupLocal), 1 when a token of it is a role's or a group's word (groupToken), 0 otherwise,
 * -1 at a webmail provider's (a handle there is a person's, a role there its provider's desk). A mailbox of
 * one token is a role address or nothing (NormEmail.role says which), so it is not split.
 */
function groupAddress(e: NormEmail): number {
  let f = groupCache.get(e.key);
  if (f === undefined) {
    const box = mailboxOf(e);
    if (isWebmailDomain(e.domain)) f = -1;
    else if (SEPARATOR.test(box)) {
      const tokens = box.split(LOCAL_SEPARATORS);
      f = groupLocal(tokens) ? 2 : tokens.some(groupToken) ? 1 : 0;
    } else f = 0;
    groupCache.set(e.key, f);
  }
  return f;
}
const SEPARATOR = /[-_.]/;

// Emptied with junk.ts's caches (clearEmailCache), so cold-cache benchmarks stay cold.
onClearJunkCache(() => groupCache.clear());

// --- received-only service senders (a probe of a Gmail book: `Naver Pay`, `NHS App`, `Deutsche Bahn`) -----

/**
 * Words that end a service's or a product's name (`Naver Pay`, `NHS App`, `NYT Cooking`, `Uber Eats`), none
 * of them a family name a person's mailbox ends with as an initial's does (`Cash`, `Card`, `Banks`, `Miles`,
 * `Market` are left out: `jcash@` is Johnny Cash's).
 */
const SERVICE_WORDS: ReadonlySet<string> = new Set(
  'pay payments wallet app apps cooking recipes gaming music tv video videos streaming premium rewards points delivery eats tickets ticketing travel sports fitness banking checkout learning'.split(
    ' ',
  ),
);

/**
 * The leftmost label of a host that sends a service's mail, read only to rank a received-only card after the
 * people (serviceSender): junk.ts's sending labels and the longer ones brands use (`emaildl.`, `welcome.`,
 * `ecrmemail.`, `notifications.`), not `mail.`, `m.`, `t.`, `go.` nor `info.`, where a firm's staff may have
 * mailboxes of their own (`Wei Zhang <weizhang@mail.corp.cn>`), nor `sg.` and `mc.` (a probe: `sg.ibm.com` is
 * IBM Singapore's staff domain).
 */
const SERVICE_LEAD =
  /^(?:e|em|eml|emails?|[a-z]{0,4}email[a-z]{0,4}|news|newsletters?|notifications?|notify|welcome|marketing|mkt|communications?|promos?|offers|deals|crm|send|messages?|engage|updates?|alerts?|mailer|mailing)\d*$/;
/**
 * A registrable label that is itself a sending label: under a public suffix of several labels, a service's
 * mail host is the registrable domain (`nhsapp@notifications.service.gov.uk`: service.gov.uk is a public suffix).
 */
const SERVICE_LABEL = /^(?:notifications?|notify|alerts?|emails?)$/;
/** A name of parts written as one word (`M-Pesa`, `WeChat` is one part). */
const NAME_JOINT = /[-_.&]/;
const PLAIN_EMAIL_LEAD = /^(?:e|em|eml|emails?)\d*$/;

/**
 * Whether a name's words before its last are written as a brand's: a word in capitals of two letters or
 * more (`NHS App`, `NYT Cooking`) or with a capital inside (`WeChat Pay`), the name not all in capitals.
 */
function brandCased(name: string): boolean {
  if (name === name.toUpperCase()) return false;
  const parts = name.split(/\s+/);
  for (let i = 0; i < parts.length - 1; i++) {
    const p = parts[i]!;
    if (/^\p{Lu}{2,}$/u.test(p) || /\p{Ll}\p{Lu}/u.test(p)) return true;
  }
  return false;
}

/**
 * Words of a transactional mailbox run together (`buchungsbestaetigung@bahn.de`, `orderconfirmation@`,
 * `rechnungsversand@`): English, German (umlauts written out or dropped), French, Spanish, Italian, Dutch.
 */
const TRANSACTION_STEMS: readonly string[] = [
  ...'order orders booking bookings confirmation confirmations receipt receipts invoice invoices payment payments shipping shipment delivery account billing reservation reservations ticket tickets statement notification notifications alert alerts'.split(
    ' ',
  ),
  ...'buchung bestaetigung bestatigung bestellung rechnung versand lieferung zahlung auftrag kunden kundenservice konto kontoauszug reservierung benachrichtigung mitteilung vertrag abo termin'.split(
    ' ',
  ),
  ...'commande facture paiement livraison confirmacion confirmazione pedido factura pago reserva fattura ordine prenotazione bestelling factuur betaling bevestiging'.split(
    ' ',
  ),
];

/** TRANSACTION_STEMS by their first two letters: a mailbox's position is tried against a few stems only. */
const STEMS_BY_START = new Map<string, string[]>();
for (const w of TRANSACTION_STEMS) {
  const k = w.slice(0, 2);
  const list = STEMS_BY_START.get(k);
  if (list === undefined) STEMS_BY_START.set(k, [w]);
  else list.push(w);
}

/**
 * Whether a mailbox of letters only is two or more transactional words run together, a German joint `s`
 * allowed between them (`buchungs|bestaetigung`). Bounded: mailboxes of 10 to 40 letters.
 */
function transactionalCompound(box: string): boolean {
  if (box.length < 10 || box.length > 40 || !STEMS_BY_START.has(box.slice(0, 2)) || !/^[a-z]+$/.test(box)) return false;
  const memo = new Int8Array(box.length + 1).fill(-2);
  const parts = (i: number): number => {
    if (i === box.length) return 0;
    if (memo[i] !== -2) return memo[i]!;
    let best = -1;
    const stems = STEMS_BY_START.get(box.slice(i, i + 2));
    if (stems === undefined) {
      memo[i] = -1;
      return -1;
    }
    for (const w of stems) {
      if (!box.startsWith(w, i)) continue;
      for (const j of [i + w.length, i + w.length + 1]) {
        if (j > box.length || (j === i + w.length + 1 && box.charCodeAt(j - 1) !== 115)) continue;
        const rest = parts(j);
        if (rest >= 0 && rest + 1 > best) best = rest + 1;
      }
    }
    memo[i] = best;
    return best;
  };
  return parts(0) >= 2;
}

/**
 * Whether a card received only (the caller's: merge/contact.ts asks only of a card the owner never wrote
 * to, starred, pinned or saved twice) reads as a service's or a brand's sender, not a person's, so that it
 * ranks after the people (Contact.sender), never left out. One usable address, no number to call, and
 * - a name of two words or more ending with a service's word (SERVICE_WORDS) from a mailbox that ends with it
 *   after an abbreviation of the words before (two letters or more, the name's first letter first: `Naver
 *   Pay` from navpay@, `WeChat Pay` from wxpay@, `NHS App` from nhsapp@, `NYT Cooking` from nytcooking@); at
 *   a webmail provider's domain only when the name's first word is the provider's own (`Naver Pay` from
 *   navpay@naver.com: a provider's service; `Kim Pay` from kimpay@naver.com is a handle);
 * - on a service's sending host (SERVICE_LEAD: `welcome.`, `emaildl.`, `email.`; SERVICE_LABEL:
 *   notifications.service.gov.uk), a mailbox that is the name of two words or more run together (`American
 *   Express` from AmericanExpress@welcome.aexp.com), or whose first word, three letters or more, starts the
 *   registrable label (the brand's own mailbox: `PlayStation` from Sony@email.sonyentertainmentnetwork.com,
 *   `AT&T` from att-services.cn.12345@emaildl.att-mail.com), the name not holding it beside other words
 *   (`Honda Keiko` from honda@email.honda.com);
 * - a name written as one word of parts (`M-Pesa`, `WeChat`) whose run-together form, one letter part among
 *   them, is the mailbox (`M-Pesa` from mpesa@safaricom.co.ke; `Jean-Pierre` from jeanpierre@ is a person);
 * - a mailbox that is transactional words run together (`Deutsche Bahn` from buchungsbestaetigung@bahn.de).
 * Never at a webmail provider's, an internet provider's or a university's domain (but for the provider's own
 * service above), and never with a given name the nickname groups know among the name's words. Trade-off
 * (documented in docs/ranking.md): a brand's one-word name on a mailbox spelling it at another brand's
 * domain (`Comcast` from comcast@xfinity.com) is read as `Anna` from anna@studio.com is: a person's.
 */
export function serviceSender(c: BulkSignals): boolean {
  const one = onlyAddress(c);
  if (one === null) return false;
  const raw = c.name?.trim() ?? '';
  const h = brandHostOf(one.domain);
  // What can apply, from cheap tests first (most cards received only are people's and stop here): a
  // service's word ending the name, a service's sending host, a name of parts written as one word, a
  // mailbox starting with a transactional word.
  const sending = !h.personal && ((h.sub !== '' && SERVICE_LEAD.test(h.lead)) || (h.sub === '' && SERVICE_LABEL.test(h.label)));
  const space = raw.lastIndexOf(' ');
  const endsService = space > 0 && SERVICE_WORDS.has(raw.slice(space + 1).toLowerCase());
  const parts = raw !== '' && space < 0 && NAME_JOINT.test(raw);
  const stem = STEMS_BY_START.has(one.key.slice(0, 2));
  if (!(sending || endsService || parts || stem)) return false;
  const words = raw === '' ? [] : wordsOf(raw);
  if (words.length > 6) return false;
  for (const w of words) if (isKnownGivenName(w)) return false;
  const tokens = mailboxOf(one)
    .split(LOCAL_SEPARATORS)
    .filter((t) => t !== '');
  if (tokens.length === 0) return false;
  const box = tokens.join('');
  const n = words.length;
  // A service's word last, the mailbox its abbreviation (`navpay`, `wxpay`, `nhsapp`, `nytcooking`).
  if (endsService && n >= 2 && SERVICE_WORDS.has(words[n - 1]!)) {
    const last = words[n - 1]!;
    const before = words.slice(0, n - 1).join('');
    const lead = box.slice(0, box.length - last.length);
    const provider = !h.personal || (h.label !== '' && words[0] === h.label);
    // The name run together exactly is a person's shape too (`Ken Pay` from kenpay@): then only a brand's
    // casing before the service's word (`NHS App`, `NYT Cooking`, `WeChat Pay`) tells it.
    if (provider && box.endsWith(last) && lead.length >= 2 && lead.length <= before.length && lead[0] === before[0] && (lead !== before || brandCased(raw)))
      return true;
  }
  if (h.personal) return false;
  // A service's sending host.
  if (sending) {
    // Not under `e.`, `em.` or `email.`, where a firm's staff may have mailboxes (`Wei Zhang` from weizhang@email.corp.cn).
    // Run together as one token: a person's mailbox writes the name's words apart (`jane.roe@news.bbc.co.uk`,
    // `weiling.tan@sg.ibm.com`: a probe found them ranked after every person).
    if (n >= 2 && tokens.length === 1 && box === words.join('') && !PLAIN_EMAIL_LEAD.test(h.lead)) return true;
    const first = tokens[0]!;
    // A name in a script the words cannot read (`山田花子` from yamada@email.yamadagroup.co.jp) may be the person's.
    if (h.sub !== '' && first.length >= 3 && /^[a-z]+$/.test(first) && h.label.startsWith(first) && (raw === '' || n > 0) && !(n >= 2 && words.includes(first)))
      return true;
  }
  // One word of parts run together (`M-Pesa`).
  if (parts && n >= 2 && box === words.join('') && words.some((w) => w.length === 1)) return true;
  return stem && tokens.length === 1 && transactionalCompound(box);
}

/**
 * Whether a card is a person writing from a domain of their own name, from a mailbox that is their family
 * name and happens to be a role word (`Peter Post` from post@peterpost.de, `Sam Press` from
 * press@sampress.co.uk, `Hans Mailer` from mailer@mailer-familie.de, `Maria Sales` from
 * sales@mariasales.com.br): a given name the nickname groups know first, the mailbox the name's last word,
 * the registrable label holding it. isBulkSender reads the role word alone and left such people out (a
 * probe); `Peter Lang` from lang@peterlang.de was kept. Never a name led by another word (`Acme Sales`,
 * `Sales Team`).
 */
export function personOnOwnNameDomain(c: BulkSignals): boolean {
  if (c.name == null) return false;
  const words = wordsOf(c.name);
  if (words.length < 2 || words.length > 4 || !isKnownGivenName(words[0]!)) return false;
  const last = words[words.length - 1]!;
  if (last.length < 3 || last === words[0]) return false;
  let usable = 0;
  for (const e of c.emails) {
    if (e.junk) continue;
    usable++;
    if (mailboxOf(e) !== last || !brandHostOf(e.domain).label.includes(last)) return false;
  }
  return usable > 0;
}
