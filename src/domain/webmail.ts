/**
 * Consumer webmail domains: a shared domain says nothing about a shared company, so
 * promote_matching_domain never promotes them (decisions.md: meta.exception_matching_email_domain).
 * Kept small and explicit: the big providers by market share, with their country variants.
 */
const WEBMAIL = new Set([
  'gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'passport.com',
  'yahoo.com', 'ymail.com', 'rocketmail.com', 'aol.com', 'aim.com', 'icloud.com', 'me.com', 'mac.com',
  'proton.me', 'protonmail.com', 'pm.me', 'tutanota.com', 'tuta.io', 'gmx.com', 'gmx.net', 'gmx.de',
  'gmx.at', 'gmx.ch', 'web.de', 't-online.de', 'freenet.de', 'mail.com', 'zoho.com', 'zohomail.com',
  'yandex.com', 'yandex.ru', 'ya.ru', 'mail.ru', 'bk.ru', 'inbox.ru', 'list.ru', 'rambler.ru',
  'qq.com', 'foxmail.com', '163.com', '126.com', 'sina.com', 'sohu.com', 'naver.com', 'daum.net',
  'hanmail.net', 'fastmail.com', 'fastmail.fm', 'hey.com', 'comcast.net', 'verizon.net', 'att.net',
  'sbcglobal.net', 'bellsouth.net', 'cox.net', 'charter.net', 'earthlink.net', 'btinternet.com',
  'sky.com', 'virginmedia.com', 'orange.fr', 'wanadoo.fr', 'free.fr', 'laposte.net', 'sfr.fr',
  'libero.it', 'virgilio.it', 'alice.it', 'tiscali.it', 'interia.pl', 'wp.pl', 'o2.pl', 'onet.pl',
  'seznam.cz', 'centrum.cz', 'uol.com.br', 'bol.com.br', 'terra.com.br', 'rediffmail.com',
  'bigpond.com', 'optusnet.com.au', 'shaw.ca', 'rogers.com', 'sympatico.ca', 'hushmail.com',
]);

/** Country variants such as hotmail.co.uk, yahoo.fr, outlook.de, live.jp. */
const WEBMAIL_BRANDS = /^(hotmail|outlook|live|yahoo|windowslive|msn|gmx|aol)\.[a-z]{2,3}(\.[a-z]{2})?$/;

export function isWebmailDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return WEBMAIL.has(d) || WEBMAIL_BRANDS.test(d);
}
