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

/**
 * `phones` with the numbers the gateway addresses among `emails` carry, each once (a number the card
 * already holds is not added again). The same array when there is none (nearly every card).
 */
export function withGatewayNumbers(emails: readonly NormEmail[], phones: NormPhone[]): NormPhone[] {
  let out = phones;
  for (const e of emails) {
    if (!NANP_GATEWAYS.has(e.domain) && e.domain !== 'txt.voice.google.com') continue;
    const p = gatewayNumber(e);
    if (p === null || out.some((q) => q.key === p.key)) continue;
    if (out === phones) out = phones.slice();
    out.push(p);
  }
  return out;
}
