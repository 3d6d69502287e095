/**
 * E-mail to SMS gateways: an address that a carrier (or Google Voice) turns into a text message to one
 * mobile number, which its local part carries. `4155550123@vtext.com` is the Verizon phone +1 415 555
 * 0123; `16505550000.14155550123.k3Jx9@txt.voice.google.com` is Google Voice's relay from the owner's
 * number (the first) to the contact's (the second). Such an address reaches the person (a text), so it is
 * kept as written; the number it carries is the person's too, so the card is also that number, and it
 * merges with the card of the same number from the phone's contacts (a probe found them two rows).
 *
 * Pure: a domain lookup, then the phone reader on `+1` and the digits. Only the gateways of North
 * American carriers (every number `+1`) and Google Voice (US numbers); a gateway abroad, whose local
 * part may be national digits of some other plan, is read as the address it is and nothing more.
 */
import { normalizePhone } from './phone.ts';
import type { NormEmail, NormPhone } from './types.ts';

/** Carriers' gateways (SMS and MMS) whose local part is a North American number, 10 digits or 1 and 10. */
const NANP_GATEWAYS: ReadonlySet<string> = new Set([
  // Verizon
  'vtext.com',
  'vzwpix.com',
  'mypixmessages.com',
  // AT&T
  'txt.att.net',
  'mms.att.net',
  // T-Mobile, Sprint, Metro
  'tmomail.net',
  'messaging.sprintpcs.com',
  'pm.sprint.com',
  'mymetropcs.com',
  // Google Fi, US Cellular, Boost, Cricket, Virgin, Republic, Ting, Consumer Cellular, Tracfone
  'msg.fi.google.com',
  'email.uscc.net',
  'mms.uscc.net',
  'sms.myboostmobile.com',
  'myboostmobile.com',
  'sms.cricketwireless.net',
  'mms.cricketwireless.net',
  'vmobl.com',
  'text.republicwireless.com',
  'message.ting.com',
  'mailmymobile.net',
  'mmst5.tracfone.com',
  // Canada: Bell, Rogers, Telus, Fido, Virgin, Koodo, SaskTel
  'txt.bell.ca',
  'txt.bellmobility.ca',
  'pcs.rogers.com',
  'msg.telus.com',
  'fido.ca',
  'vmobile.ca',
  'msg.koodomobile.com',
  'sms.sasktel.com',
]);

const NANP_LOCAL_RE = /^1?(\d{10})$/;
/** Google Voice: owner's number, contact's number, a token (letters, digits, '-', '_'). */
const VOICE_LOCAL_RE = /^1?\d{10}\.1?(\d{10})\.[\w-]+$/;

/** The mobile number an SMS gateway address carries, or null (not a gateway, or no number in it). */
export function gatewayNumber(e: NormEmail): NormPhone | null {
  if (e.junk !== null) return null;
  const at = e.key.lastIndexOf('@');
  const local = e.key.slice(0, at);
  let digits: string | undefined;
  if (e.domain === 'txt.voice.google.com') digits = VOICE_LOCAL_RE.exec(local)?.[1];
  else if (NANP_GATEWAYS.has(e.domain)) digits = NANP_LOCAL_RE.exec(local)?.[1];
  if (digits === undefined) return null;
  const p = normalizePhone(`+1${digits}`, null);
  // A full, valid number only: `0000000000@vtext.com` carries no one's.
  return p !== null && p.key !== null && p.key.startsWith('p:') ? p : null;
}

/** The hosts of a person's WhatsApp ID (email.ts WHATSAPP_ID_DOMAINS, not a group's `g.us`). */
const WHATSAPP_PERSON_DOMAINS: ReadonlySet<string> = new Set(['s.whatsapp.net', 'c.us']);
/** A WhatsApp ID's local part: the number in international form without `+`, 8 to 15 digits. */
const WHATSAPP_LOCAL_RE = /^(\d{8,15})$/;

/**
 * The number a WhatsApp ID carries (`2348030007777@s.whatsapp.net` is +234 803 000 7777), or null. The ID
 * is no address (email.ts reads it as a placeholder, junk 'invalid'); its number is the person's, so the
 * card is that number and merges with the phone's card of it (a probe found two rows, the ID the address
 * to invite).
 */
export function whatsAppNumber(e: NormEmail): NormPhone | null {
  if (!WHATSAPP_PERSON_DOMAINS.has(e.domain)) return null;
  const digits = WHATSAPP_LOCAL_RE.exec(e.key.slice(0, e.key.lastIndexOf('@')))?.[1];
  if (digits === undefined) return null;
  const p = normalizePhone(`+${digits}`, null);
  return p !== null && p.key !== null && p.key.startsWith('p:') ? p : null;
}

/**
 * `phones` with the numbers the gateway addresses among `emails` carry, each once (a number the card
 * already holds is not added again). The same array when there is none (nearly every card).
 */
export function withGatewayNumbers(emails: readonly NormEmail[], phones: NormPhone[]): NormPhone[] {
  let out = phones;
  for (const e of emails) {
    const whatsApp = WHATSAPP_PERSON_DOMAINS.has(e.domain);
    if (!whatsApp && !NANP_GATEWAYS.has(e.domain) && e.domain !== 'txt.voice.google.com') continue;
    const p = whatsApp ? whatsAppNumber(e) : gatewayNumber(e);
    if (p === null || out.some((q) => q.key === p.key)) continue;
    if (out === phones) out = phones.slice();
    out.push(p);
  }
  return out;
}
