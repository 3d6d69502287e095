import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  GROUP_LABEL_RE,
  addressWords,
  clearEmailCache,
  displayNameOf,
  isGroupList,
  normalizeEmail,
  parseEmailSlow,
  parseEmailUncached,
  srsAddress,
} from '../../src/domain/email.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';

test('trims, keeps the uploaded form for display, lower-cases the key', () => {
  const e = normalizeEmail('  John.Smith@Example.COM ');
  assert.ok(e);
  assert.equal(e.display, 'John.Smith@Example.COM');
  assert.equal(e.key, 'john.smith@example.com');
  assert.equal(e.domain, 'example.com');
  assert.equal(e.junk, null);
  assert.equal(e.role, false);
});

test('rejects what cannot be an address (no @, empty local part or domain, malformed host)', () => {
  for (const bad of [
    '',
    '   ',
    'john',
    'john@',
    '@example.com',
    'john smith@example.com',
    'john@example',
    '...@example.com',
    '""@example.com',
    'john@-example.com',
    'john@example.c0m',
    'john@[192.168.0.1]',
    'john@exa mple.com',
    'x'.repeat(255) + '@example.com',
    // ('john@example..com' is a slip of the host, read as john@example.com: see the test of such slips.)
    'john@example..',
    'a@b@',
    'john@;',
    'mailto:',
    '<>',
    'a<b@example.com',
  ]) {
    assert.equal(normalizeEmail(bad), null, bad);
  }
});

// Must keep: a local part over RFC 5321's 64 octets, as Exchange, SRS and VERP deliver them.
test('keeps a local part longer than 64 characters (bounded only by the 256-octet path)', () => {
  for (const raw of [
    'x'.repeat(65) + '@example.com',
    'bounces+ann.lee.long.name.for.the.test=example.org@lists.forwarder.example',
    'y'.repeat(254) + '@example.com',
  ]) {
    const e = normalizeEmail(raw);
    assert.ok(e, raw);
    assert.equal(e.display, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
});

// Exchange's encapsulated addresses (IMCEA): shown as written, keyed as the SMTP address they carry.
test('an Exchange-encapsulated address (IMCEANOTES-, IMCEAEX-) is kept; one carrying an SMTP address keys as it', () => {
  const cases: [string, string][] = [
    ['IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Eexample+3E+40CORP@corp.example', 'ann.lee@corp.example'],
    ['IMCEANOTES-ann+2Elee+40corp+2Eexample+40CORP@CORP.example', 'ann.lee@corp.example'],
    ['imceasmtp-bo+40other+2Eexample@corp.example', 'bo@other.example'],
    // Carrying no SMTP address (a Notes name, an X.500 DN): its own key.
    ['IMCEANOTES-Ann+20Lee_NA_Corp+40CORP@corp.example', 'imceanotes-ann+20lee_na_corp+40corp@corp.example'],
    ['IMCEAEX-_O=CORP_OU=NA_CN=RECIPIENTS_CN=ALEE@corp.example', 'imceaex-_o=corp_ou=na_cn=recipients_cn=alee@corp.example'],
    ['imceanotes-ann+20lee+40na@corp.example', 'imceanotes-ann+20lee+40na@corp.example'],
    // Not encapsulation at all.
    ['imcea@corp.example', 'imcea@corp.example'],
    ['imceanotes-@corp.example', 'imceanotes-@corp.example'],
  ];
  for (const [raw, key] of cases) {
    const e = normalizeEmail(raw);
    assert.ok(e, raw);
    assert.equal(e.display, raw, raw);
    assert.equal(e.key, key, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
  // Junk is judged on the address carried.
  assert.equal(normalizeEmail('IMCEANOTES-no-reply+40shop+2Eexample@corp.example')?.junk, normalizeEmail('no-reply@shop.example')?.junk);
  // The name it carries is the entry's name when it has none; a bare one carries none.
  assert.equal(displayNameOf('IMCEANOTES-+22Lee+2C+20Ann+22+20+3Cann+2Elee+40corp+2Eexample+3E+40CORP@corp.example'), 'Lee, Ann');
  assert.equal(displayNameOf('IMCEANOTES-ann+2Elee+40corp+2Eexample+40CORP@corp.example'), null);
  // One carrying a Notes hierarchical name (no Internet address) names its person all the same.
  assert.equal(displayNameOf('IMCEANOTES-Jeff+20Dasovich+2FNA+2FEnron+40ENRON@ENRON.com'), 'Jeff Dasovich');
  assert.equal(displayNameOf('Jeff Dasovich/NA/Enron@Enron'), 'Jeff Dasovich');
  assert.equal(displayNameOf('CN=Kim Ward/OU=HOU/O=ECT@ECT'), 'Kim Ward');
  assert.equal(displayNameOf('IMCEANOTES-Ann+20Lee_NA_Corp+40CORP@corp.example'), 'Ann Lee'); // IMCEA writes '/' as '_'
});

// SRS (Sender Rewriting Scheme): a forwarder's return path carrying the sender's address; read as that address.
test("an SRS address (SRS0=, SRS1=, any separator, any case, Exchange Online's bounces+SRS=) is read as the address it carries", () => {
  const cases: [string, string][] = [
    ['SRS0=abcd=XY=x.example=ann@fwd.example.org', 'ann@x.example'],
    ['srs0=abcd=xy=x.example=ann@fwd.example.org', 'ann@x.example'],
    ['SRS0+abcd=XY=x.example=ann@fwd.example.org', 'ann@x.example'],
    ['SRS0-abcd=XY=x.example=Ann.Lee@fwd.example.org', 'Ann.Lee@x.example'],
    ['SRS1=HHHH=fwd1.example==HHHH=TT=x.example=ann@fwd2.example', 'ann@x.example'],
    ['SRS1=HHHH=fwd1.example=+HHHH=TT=x.example=ann@fwd2.example', 'ann@x.example'],
    ['SRS1+HHHH=fwd1.example=-HHHH=TT=x.example=ann@fwd2.example', 'ann@x.example'],
    ['SRS0=abcd=XY=x.example=a=b@fwd.example.org', 'a=b@x.example'], // '=' in the original local part
    ['bounces+SRS=K9jPK=6P=contoso.example=user1@fabrikam.onmicrosoft.com', 'user1@contoso.example'],
    ['Ann Lee <SRS0=abcd=XY=x.example=ann@fwd.example.org>', 'ann@x.example'],
  ];
  for (const [raw, carried] of cases) {
    const e = normalizeEmail(raw);
    assert.ok(e, raw);
    assert.equal(e.display, carried, raw);
    assert.deepEqual(e, normalizeEmail(carried), raw); // one key: it merges with the plain address
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
  // Judged (junk, role) as the address carried.
  assert.equal(normalizeEmail('SRS0=abcd=XY=shop.example=no-reply@fwd.example.org')?.junk, 'no_reply');
  assert.equal(normalizeEmail('SRS0=abcd=XY=shop.example=info@fwd.example.org')?.role, true);
  // Carrying no address that can be read: still a bounce address, never a person.
  for (const raw of ['SRS0=abcd=XY=nodot=ann@fwd.example.org', 'SRS0=abcd=ann@fwd.example.org', 'SRS1=HHHH=fwd1.example@fwd2.example']) {
    assert.equal(normalizeEmail(raw)?.junk, 'bounce', raw);
    assert.deepEqual(parseEmailSlow(raw), normalizeEmail(raw), raw);
  }
  // Not SRS: a person's name that starts with the letters.
  for (const raw of ['srs@x.example', 'srs0@x.example', 'srsly.ann@x.example', 'SRS2=a=b=x.example=ann@fwd.example']) {
    assert.equal(normalizeEmail(raw)?.display, raw, raw);
  }
  assert.equal(srsAddress('SRS0=abcd=XY=x.example=ann'), 'ann@x.example');
  assert.equal(srsAddress('ann.lee'), null);
});

// Lotus Notes writes mail to the Internet sent through its domain as 'addr@NOTESDOMAIN', and delivers it.
test('an address with a Notes route ("ann.lee@corp.example@CORP") is kept as written, keyed as the address', () => {
  const cases: [string, string, string][] = [
    ['ann.lee@corp.example@CORP', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['Ann.Lee@Corp.Example@corp', 'Ann.Lee@Corp.Example@corp', 'ann.lee@corp.example'],
    ['Ann Lee <ann.lee@corp.example@CORP>', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['j..smith@corp.example@CORP-MAIL', 'j..smith@corp.example@CORP-MAIL', 'j..smith@corp.example'],
    // With the wrappers of any address: brackets, spaces, a trailing dot, percent-encoding, a list's ';'.
    ['Ann Lee [ann.lee@corp.example@CORP]', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['Ann Lee <ann.lee @ corp.example@CORP>', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['ann.lee@corp.example@CORP.', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['ann.lee%40corp.example%40CORP', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
    ['mailto:ann.lee@corp.example@CORP;', 'ann.lee@corp.example@CORP', 'ann.lee@corp.example'],
  ];
  for (const [raw, display, key] of cases) {
    const e = normalizeEmail(raw);
    assert.ok(e, raw);
    assert.equal(e.display, display, raw);
    assert.equal(e.key, key, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
  assert.equal(displayNameOf('Ann Lee <ann.lee@corp.example@CORP>'), 'Ann Lee');
  // Junk is judged on the address routed.
  assert.equal(normalizeEmail('no-reply@shop.example@CORP')?.junk, normalizeEmail('no-reply@shop.example')?.junk);
  // Not a Notes route: a route with a dot (which address is meant is not known), no address before it.
  for (const raw of ['ann@corp.example@relay.example', 'ann@corp@CORP', 'a@b@CORP', '@corp.example@CORP', 'ann.lee@corp.example@']) {
    assert.equal(normalizeEmail(raw), null, raw);
    assert.equal(parseEmailSlow(raw), null, raw);
  }
});

test('a label before an address names nobody: "e-mail <addr>", "Email: <addr>"', () => {
  for (const raw of ['e-mail <ann@x.example>', 'E-mail <ann@x.example>', 'Email: <ann@x.example>', 'work <ann@x.example>']) {
    assert.equal(normalizeEmail(raw)?.display, 'ann@x.example', raw);
    assert.equal(displayNameOf(raw), null, raw);
  }
  assert.equal(displayNameOf('Emily <ann@x.example>'), 'Emily');
  assert.equal(displayNameOf('"Mann, Kay" <kay@x.example>'), 'Mann, Kay');
});

// Must keep: an address pasted with what came around it (HTML, a URL's encoding, a cut CSV cell).
test('an address pasted from HTML, a URL or a cut CSV cell is read; what is no address stays none', () => {
  const cases: [string, string, string | null][] = [
    ['<a href="mailto:ann@x.example">Ann Lee</a>', 'ann@x.example', null],
    ['<a href="mailto:%22ann%20lee%22@x.example?subject=Hi">Ann</a>', '"ann lee"@x.example', null],
    ['ann@x.example</a>', 'ann@x.example', null],
    ['<td>Ann Lee</td><td>ann@x.example</td>', 'ann@x.example', null],
    ['ann%40x.example', 'ann@x.example', null],
    ['ann@x.example%20', 'ann@x.example', null],
    ['ann@x.example?subject=Hello', 'ann@x.example', null],
    ['"ann@x.example', 'ann@x.example', null],
    ['Ann Lee <ann @x.example>', 'ann@x.example', 'Ann Lee'],
    ['Ann Lee <"ann lee" @x.example>', '"ann lee"@x.example', 'Ann Lee'],
    ['<<ann@x.example>>', 'ann@x.example', null],
  ];
  for (const [raw, display, name] of cases) {
    const e = normalizeEmail(raw);
    assert.equal(e?.display, display, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
    assert.equal(displayNameOf(raw), name, raw);
  }
  // Must not: a '%' or a '?' that belongs to the address, and strings that hold none.
  assert.equal(normalizeEmail('100%@x.example')?.display, '100%@x.example');
  assert.equal(normalizeEmail('a?b@x.example')?.display, 'a?b@x.example');
  for (const bad of ['%40', '<b></b>', '<a href="mailto:">x</a>', '"john smith@x.example', 'ann%4x.example', '<p>no address</p>']) {
    assert.equal(normalizeEmail(bad), null, bad);
    assert.equal(parseEmailSlow(bad), null, bad);
  }
});

// An export that escaped its fields as HTML, and a paste from Markdown.
test('HTML character references in an e-mail string are decoded before it is read; a Markdown link is its address', () => {
  const cases: [string, string, string | null][] = [
    ['&lt;ann@x.example&gt;', 'ann@x.example', null],
    ['ann&#64;x.example', 'ann@x.example', null],
    ['ann&#x40;x.example', 'ann@x.example', null],
    ['ann&commat;x.example', 'ann@x.example', null],
    ['Ann Lee &lt;ann@x.example&gt;', 'ann@x.example', 'Ann Lee'],
    ['&quot;Lee, Ann&quot; &lt;ann@x.example&gt;', 'ann@x.example', 'Lee, Ann'],
    ['&amp;lt;ann@x.example&amp;gt;', 'ann@x.example', null], // escaped twice
    ['ann@x.example&nbsp;', 'ann@x.example', null],
    ['&lt;a href=&quot;mailto:ann@x.example&quot;&gt;Ann&lt;/a&gt;', 'ann@x.example', null],
    ['a&amp;b@x.example', 'a&b@x.example', null],
    ['[ann@x.example](mailto:ann@x.example)', 'ann@x.example', null],
    ['[Ann Lee](mailto:ann@x.example)', 'ann@x.example', 'Ann Lee'],
    ['[ann@x.example](<mailto:ann@x.example?subject=Hi>)', 'ann@x.example', null],
    ['[ann@x.example](https://x.example/team/ann)', 'ann@x.example', null],
    ['Email: [ann@x.example](mailto:ann@x.example)', 'ann@x.example', null],
    ['[Work](mailto:ann@x.example)', 'ann@x.example', null], // a label names nobody
  ];
  for (const [raw, display, name] of cases) {
    const e = normalizeEmail(raw);
    assert.equal(e?.display, display, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
    assert.equal(displayNameOf(raw), name, raw);
  }
  // Must keep as written: a '&' that is part of the address, a quoted local part holding a reference.
  assert.equal(normalizeEmail('a&b@x.example')?.display, 'a&b@x.example');
  assert.equal(normalizeEmail('"a&lt;b"@x.example')?.display, '"a&lt;b"@x.example');
  assert.equal(displayNameOf('AT&amp;T <info@att.example>'), 'AT&T');
  // Must not invent an address: an unknown reference, a link to no address.
  for (const bad of ['ann&foo;x.example', '&lt;&gt;', '[ann](https://x.example)', 'ann&#0;x.example']) {
    assert.equal(normalizeEmail(bad), null, bad);
    assert.equal(parseEmailSlow(bad), null, bad);
  }
});

test('addressWords: a field of addresses separated by spaces, "and", "or" (in a few languages) or "&" is a list', () => {
  assert.deepEqual(addressWords('ann@x.example and ann@y.example'), ['ann@x.example', 'ann@y.example']);
  assert.deepEqual(addressWords('ann@x.example or ann@y.example'), ['ann@x.example', 'ann@y.example']);
  assert.deepEqual(addressWords('ann@x.example & ann@y.example'), ['ann@x.example', 'ann@y.example']);
  assert.deepEqual(addressWords('a@x.example und b@y.example oder c@z.example'), ['a@x.example', 'b@y.example', 'c@z.example']);
  assert.deepEqual(addressWords('a@x.example AND <b@y.example>'), ['a@x.example', '<b@y.example>']);
  assert.deepEqual(addressWords('a@x.example b@y.example'), ['a@x.example', 'b@y.example']);
  // Not a list: a word that is neither an address nor a connector between two.
  for (const raw of [
    'john smith@x.example',
    'Ann and Bo ann@x.example',
    'ann@x.example and',
    'and ann@x.example b@y.example',
    'a@x.example and or b@y.example',
    'a@x.example',
    'a@x.example but b@y.example',
    'a@x.example and Bo',
  ]) {
    assert.equal(addressWords(raw), null, raw);
  }
});

test('the name beside an address in brackets or parentheses, and after it as a comment, is the name', () => {
  const cases: [string, string | null][] = [
    ['Ann Lee (ann@x.example)', 'Ann Lee'],
    ['Ann Lee [ann@x.example]', 'Ann Lee'],
    ['"Lee, Ann" (ann@x.example)', 'Lee, Ann'],
    ['ann@x.example (Ann Lee)', 'Ann Lee'],
    // Must not: a label, a single word, lower-case words.
    ['ann@x.example (Work)', null],
    ['ann@x.example (work phone)', null],
    ['Work (ann@x.example)', null],
    ['see (ann@x.example)', null],
  ];
  for (const [raw, name] of cases) {
    assert.equal(normalizeEmail(raw)?.display, 'ann@x.example', raw);
    assert.equal(displayNameOf(raw), name, raw);
  }
});

// Must keep: forms the strict dot-atom grammar rejects but mail systems deliver (issue #12).
test('keeps unusual but delivered local parts: doubled, leading and trailing dots, quoted, Unicode', () => {
  const cases: [string, string, string][] = [
    ['j..smith@corp.example', 'j..smith@corp.example', 'j..smith@corp.example'],
    ['taro.@docomo.ne.jp', 'taro.@docomo.ne.jp', 'taro.@docomo.ne.jp'],
    ['hana..yamada@ezweb.ne.jp', 'hana..yamada@ezweb.ne.jp', 'hana..yamada@ezweb.ne.jp'],
    ['.taro@docomo.ne.jp', '.taro@docomo.ne.jp', '.taro@docomo.ne.jp'],
    ['"john smith"@example.com', '"john smith"@example.com', '"john smith"@example.com'],
    ['"John"@Example.com', '"John"@Example.com', 'john@example.com'],
    ['"a@b"@example.com', '"a@b"@example.com', '"a@b"@example.com'],
    ['用户@例子.广告', '用户@例子.广告', '用户@xn--fsqu00a.xn--4rr70v'],
    ['Pelé+news@example.com', 'Pelé+news@example.com', 'pelé+news@example.com'],
  ];
  for (const [raw, display, key] of cases) {
    const e = normalizeEmail(raw);
    assert.ok(e, raw);
    assert.equal(e.display, display, raw);
    assert.equal(e.key, key, raw);
    assert.equal(e.junk, null, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
});

test('unwraps pasted forms: list punctuation, quotes, angle brackets, comments, mailto, trailing dot', () => {
  const cases: [string, string][] = [
    ['addr@x.com;', 'addr@x.com'],
    ['addr@x.com,', 'addr@x.com'],
    ['  addr@x.com.  ', 'addr@x.com'],
    ['addr@x.com>', 'addr@x.com'],
    ['<addr@x.com>', 'addr@x.com'],
    ['"Ann Lee" <addr@x.com>;', 'addr@x.com'],
    ["'addr@x.com'", 'addr@x.com'],
    ['addr@x.com (Work)', 'addr@x.com'],
    ['MAILTO:addr@x.com', 'addr@x.com'],
    ['(addr@x.com)', 'addr@x.com'],
  ];
  for (const [raw, display] of cases) {
    const e = normalizeEmail(raw);
    assert.equal(e?.display, display, raw);
    assert.equal(e?.key, 'addr@x.com', raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
  }
  assert.equal(displayNameOf('"Ann Lee" <addr@x.com>;'), 'Ann Lee');
  assert.equal(displayNameOf('addr@x.com'), null);
});

test('reads what people type and paste: invisible characters, full-width @, SMTP: prefixes, spaces around @, Name [addr]', () => {
  const cases: [string, string][] = [
    ['addr@x.com\u200b', 'addr@x.com'],
    ['\ufeffaddr@x.com', 'addr@x.com'],
    ['ad\u00addr@x.com', 'addr@x.com'],
    ['\u200eaddr@x.com\u200f', 'addr@x.com'],
    ['addr\uff20x.com', 'addr@x.com'],
    ['\uff41\uff44\uff44\uff52\uff20\uff58\uff0e\uff43\uff4f\uff4d', 'addr@x.com'], // ａｄｄｒ＠ｘ．ｃｏｍ: typed in full-width mode
    ['\uff41\uff44\uff44\uff52@x.com', 'addr@x.com'],
    ['addr@x\u3002com', 'addr@x.com'],
    ['SMTP:addr@x.com', 'addr@x.com'],
    ['smtp:addr@x.com', 'addr@x.com'],
    ['addr @x.com', 'addr@x.com'],
    ['addr @ x.com', 'addr@x.com'],
    ['Ann Lee [addr@x.com]', 'addr@x.com'],
    ['Ann Lee (addr@x.com);', 'addr@x.com'],
    ['addr@x.com|', 'addr@x.com'],
    // "Name <addr" whose closing '>' a CSV export or a paste cut off.
    ['Ann Lee <addr@x.com', 'addr@x.com'],
    ['"Lee, Ann" <addr@x.com ', 'addr@x.com'],
  ];
  for (const [raw, display] of cases) {
    const e = normalizeEmail(raw);
    assert.equal(e?.display, display, JSON.stringify(raw));
    assert.equal(e?.key, 'addr@x.com', JSON.stringify(raw));
    assert.deepEqual(parseEmailSlow(raw), e, JSON.stringify(raw));
    assert.deepEqual(parseEmailUncached(raw), e, JSON.stringify(raw));
  }
  // A quoted local part in an address whose '>' was cut off: read as written.
  assert.equal(normalizeEmail('Ann Lee <"ann lee"@x.com')?.display, '"ann lee"@x.com');
  assert.deepEqual(parseEmailSlow('Ann Lee <"ann lee"@x.com'), normalizeEmail('Ann Lee <"ann lee"@x.com'));
  // Only the full-width forms of ASCII are mapped: other scripts' local parts stay as written.
  assert.equal(normalizeEmail('\u305f\u308d\u3046@x.jp')?.key, '\u305f\u308d\u3046@x.jp');
  assert.equal(normalizeEmail('\u305f\u308d\u3046\uff20x.jp')?.key, '\u305f\u308d\u3046@x.jp');
  // An apostrophe the local part uses again is part of it (as delivered); a stray opening one is not.
  assert.equal(normalizeEmail("'.'kaminski@corp.example")?.key, "'.'kaminski@corp.example");
  assert.equal(normalizeEmail("'o'brien@corp.example")?.key, "'o'brien@corp.example");
  assert.equal(normalizeEmail("'obrien@corp.example")?.key, 'obrien@corp.example');
  // Single quotes around a whole address with an apostrophe inside (Outlook's headers; a probe found the
  // opening quote kept, a second row of Sean's): the domain holds none, so both quotes are wrappers.
  for (const [raw, key] of [
    ["'sean.o'neal@corp.example'", "sean.o'neal@corp.example"],
    ["'d'souza.r@corp.example'", "d'souza.r@corp.example"],
    [`"'o'brien@corp.example'"`, "o'brien@corp.example"],
    ["Sean <'sean.o'neal@corp.example'>", "sean.o'neal@corp.example"],
    ["'sean.o'neal@corp.example';", "sean.o'neal@corp.example"],
    ["'sean.o'neal@corp.example', ", "sean.o'neal@corp.example"],
    ["'sean.o'neal@corp.example'.", "sean.o'neal@corp.example"],
    ["('sean.o'neal@corp.example')", "sean.o'neal@corp.example"],
    ["<'sean.o'neal@corp.example'>;", "sean.o'neal@corp.example"],
    // What starts with a dot, as no local part does, keeps its apostrophe, as without the closing quote.
    ["'.'kaminski@corp.example'", "'.'kaminski@corp.example"],
    ["''.'kaminski@corp.example'", "''.'kaminski@corp.example"],
    // Closing quotes and brackets of other typographies, as a sentence or a list leaves them.
    ["\u201c'sean.o'neal@corp.example'\u201d", "sean.o'neal@corp.example"],
    ["\u00ab'sean.o'neal@corp.example'\u00bb", "sean.o'neal@corp.example"],
    ["'sean.o'neal@corp.example'!", "sean.o'neal@corp.example"],
  ]) {
    assert.equal(normalizeEmail(raw)?.key, key, raw);
    assert.equal(normalizeEmail(raw)?.display, key, raw);
    assert.deepEqual(parseEmailSlow(raw), normalizeEmail(raw), raw);
  }
  // Still no address: a space inside the local part is not repaired into a different person.
  // (Capitalised words before the address are its holder's name, not part of it: "John Smith
  // jsmith@corp.example" is jsmith@corp.example, as "John Smith <jsmith@corp.example>".)
  assert.equal(normalizeEmail('John Smith jsmith@corp.example')?.key, 'jsmith@corp.example');
  for (const raw of [
    'john smith@corp.example',
    'addr\u200b',
    'SMTP:',
    '@x.com',
    'Ann [addr@]',
    'Ann <addr@x.com or b@y.com',
    'a@x.com <b@y.com',
    'Ann <addr@x.com> <b@y.com',
  ]) {
    assert.equal(normalizeEmail(raw), null, JSON.stringify(raw));
    assert.equal(parseEmailSlow(raw), null, JSON.stringify(raw));
  }
});

test('the same person in Unicode and punycode, composed and decomposed, has one key', () => {
  const keys = new Set(['zoë@bücher.example', 'zoe\u0308@bu\u0308cher.example', 'ZOË@XN--BCHER-KVA.EXAMPLE'].map((s) => normalizeEmail(s)?.key));
  assert.deepEqual([...keys], ['zoë@xn--bcher-kva.example']);
});

test('extracts the address from "Name <addr>" and mailto: forms', () => {
  assert.equal(normalizeEmail('John Smith <John@Example.com>')?.display, 'John@Example.com');
  assert.equal(normalizeEmail('mailto:john@example.com?subject=hi')?.key, 'john@example.com');
  assert.equal(normalizeEmail('john@example.com.')?.key, 'john@example.com');
});

test('gmail: dots and +tags ignored, googlemail.com is gmail.com', () => {
  const keys = ['john.smith@gmail.com', 'JohnSmith+news@gmail.com', 'j.o.h.n.smith@googlemail.com', 'johnsmith@GMAIL.com'].map((s) => normalizeEmail(s)?.key);
  assert.deepEqual(new Set(keys), new Set(['johnsmith@gmail.com']));
  assert.equal(normalizeEmail('j.smith@googlemail.com')?.domain, 'gmail.com');
});

test('+tag stripped only where the provider documents it; dots kept there', () => {
  assert.equal(normalizeEmail('ann+shop@outlook.com')?.key, 'ann@outlook.com');
  assert.equal(normalizeEmail('ann.lee+x@fastmail.com')?.key, 'ann.lee@fastmail.com');
  assert.equal(normalizeEmail('ann+x@proton.me')?.key, 'ann@proton.me');
});

// Probe 2, finding 7: one account's addresses at a provider's several domains are one person.
test('provider aliases: one key for Apple, Proton and Yandex domains (and Yandex ". = -"); the display stays as written', () => {
  const same = (addrs: string[], key: string, domain: string) => {
    for (const a of addrs) {
      const e = normalizeEmail(a);
      assert.equal(e?.key, key, a);
      assert.equal(e?.domain, domain, a);
      assert.equal(e?.display, a.trim(), a);
      assert.deepEqual(parseEmailSlow(a), e, a);
      assert.deepEqual(parseEmailUncached(a), e, a);
    }
  };
  same(['ike@icloud.com', 'ike@me.com', 'ike@mac.com', 'Ike@Me.com', 'IKE@ICLOUD.COM'], 'ike@icloud.com', 'icloud.com');
  same(['patp@protonmail.com', 'patp@protonmail.ch', 'patp@proton.me', 'patp@pm.me', 'PatP+news@PM.me'], 'patp@proton.me', 'proton.me');
  // Proton: '.', '_' and '-' are transparent in a name, as Proton documents (a probe: two rows of Sue Day).
  same(['sue.day@protonmail.com', 'sueday@proton.me', 'sue_day@pm.me', 'Sue-Day+x@protonmail.ch', 's.u.e.day@proton.me'], 'sueday@proton.me', 'proton.me');
  same(
    ['ivan.petrov@yandex.ru', 'ivan-petrov@ya.ru', 'ivan.petrov@yandex.com', 'Ivan.Petrov@Yandex.BY', 'ivan-petrov@yandex.kz', 'ivan.petrov+shop@yandex.ua'],
    'ivan-petrov@yandex.ru',
    'yandex.ru',
  );
  same(['yuri.k@yandex.ru', 'yuri-k@ya.ru'], 'yuri-k@yandex.ru', 'yandex.ru');
  // Daum: one account at @hanmail.net and @daum.net; dots and a +tag stay as written (no documented rule).
  same(['jieun@hanmail.net', 'jieun@daum.net', 'JiEun@Daum.net', 'JIEUN@HANMAIL.NET'], 'jieun@hanmail.net', 'hanmail.net');
  // Wrapped forms give the same key.
  assert.equal(normalizeEmail('Ike <Ike@Mac.com>')?.key, 'ike@icloud.com');
  assert.equal(normalizeEmail('mailto:ivan.petrov@ya.ru')?.key, 'ivan-petrov@yandex.ru');
});

test('Daum: `jieun@hanmail.net` and `jieun@daum.net` merge into one row, each address shown as written', () => {
  const cs = mergeEntries([
    normalizeEntry({ name: 'Ji-eun Kim', email: 'jieun@hanmail.net' }, { region: 'KR', sourceKey: 'csv:-' }),
    normalizeEntry({ name: 'Ji-eun Kim', email: 'jieun@daum.net', times_contacted: 2 }, { region: 'KR', sourceKey: 'gmail:o' }),
  ]);
  assert.equal(cs.length, 1);
  assert.deepEqual(
    cs[0]!.emails.map((e) => e.key),
    ['jieun@hanmail.net'],
  );
  assert.ok(['jieun@hanmail.net', 'jieun@daum.net'].includes(cs[0]!.emails[0]!.display));
  // Another person at another Korean provider stays apart.
  const two = mergeEntries([
    normalizeEntry({ name: 'Ji-eun Kim', email: 'jieun@daum.net' }, { region: 'KR', sourceKey: 'csv:-' }),
    normalizeEntry({ name: 'Ji-eun Park', email: 'jieun@naver.com' }, { region: 'KR', sourceKey: 'csv:-' }),
  ]);
  assert.equal(two.length, 2);
});

test('provider aliases must NOT merge other addresses: dots, hyphens and domains stay significant elsewhere', () => {
  const differ = (a: string, b: string) => assert.notEqual(normalizeEmail(a)?.key, normalizeEmail(b)?.key, `${a} vs ${b}`);
  // ". = -" is Yandex's rule only.
  differ('ivan.petrov@mail.ru', 'ivan-petrov@mail.ru');
  differ('ann.lee@example.com', 'ann-lee@example.com');
  differ('ann.lee@icloud.com', 'ann-lee@icloud.com');
  differ('ann.lee@gmail.com', 'ann-lee@gmail.com');
  assert.equal(normalizeEmail('ivan.petrov@mail.ru')?.key, 'ivan.petrov@mail.ru');
  // Yandex does not drop dots (it reads them as hyphens); Apple keeps them; Proton's rule is Proton's alone.
  differ('ivanpetrov@yandex.ru', 'ivan.petrov@yandex.ru');
  differ('j.smith@icloud.com', 'jsmith@me.com');
  differ('j_smith@tutanota.com', 'jsmith@tutanota.com');
  differ('j.smith@proton.example', 'jsmith@proton.example');
  // Look-alike and separate domains: Yandex's staff domain, other TLDs, Microsoft's separate namespaces.
  differ('ivan@yandex.ru', 'ivan@yandex-team.ru');
  differ('ike@icloud.com', 'ike@icloud.co');
  differ('ike@me.com', 'ike@me.com.au');
  differ('ike@mac.com', 'ike@mac.co.uk');
  differ('pat@pm.me', 'pat@pm.example');
  differ('pat@protonmail.com', 'pat@protonmail.org');
  differ('ann@hotmail.com', 'ann@outlook.com');
  differ('ann@me.com', 'ann@gmail.com');
  differ('ji.eun@daum.net', 'jieun@hanmail.net');
  differ('jieun+x@daum.net', 'jieun@hanmail.net');
  differ('jieun@daum.net', 'jieun@daum.co.kr');
  differ('jieun@hanmail.net', 'jieun@naver.com');
  differ('jieun@daum.net', 'jieun@kakao.com');
  assert.equal(normalizeEmail('ivan@yandex-team.ru')?.key, 'ivan@yandex-team.ru');
  assert.equal(normalizeEmail('ike@me.com.au')?.key, 'ike@me.com.au');
  // A +tag stays part of the address where the provider documents none (Apple).
  assert.equal(normalizeEmail('ike+x@me.com')?.key, 'ike+x@icloud.com');
});

// Probe 2, finding 3: "Please use <ann@example.com> for work" was left out as invalid.
test('one <address> inside free text is that address; two different addresses are none', () => {
  for (const [raw, key] of [
    ['Please use <ann@example.com> for work', 'ann@example.com'],
    ['please use <Ann@Example.com> for work, thanks', 'ann@example.com'],
    ['Work: <ann@example.com> (mornings only) please', 'ann@example.com'],
    ['"ann@example.com" <ann@example.com> for work', 'ann@example.com'],
    ['ann@example.com <ann@example.com> for work', 'ann@example.com'],
    ['Ann Lee <ann.lee@example.com> is the best way to reach her', 'ann.lee@example.com'],
  ] as const) {
    const e = normalizeEmail(raw);
    assert.equal(e?.key, key, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
    assert.deepEqual(parseEmailUncached(raw), e, raw);
  }
  assert.equal(normalizeEmail('Please use <ann@example.com> for work')?.display, 'ann@example.com');
  for (const raw of [
    'Use <a@x.example> or b@y.example',
    'Please use <a@x.example> not <b@y.example>',
    '"bob@y.example" <ann@x.example> for work',
    'Please use <a@x.example> > b',
    'Please use <a b@x.example> for work',
    'Please use <> for work',
    'Please use <ann at example dot com> for work',
  ]) {
    assert.equal(normalizeEmail(raw), null, raw);
    assert.equal(parseEmailSlow(raw), null, raw);
  }
});

test('a display name is taken from "Name <addr>", and from a sentence only when it reads as a name', () => {
  // As before: "Name <addr>" with nothing after (list punctuation, a comment) gives its name, whatever it says.
  assert.equal(displayNameOf('Ann Lee <ann@example.com>'), 'Ann Lee');
  assert.equal(displayNameOf('Ann Lee <ann@example.com> (Work);'), 'Ann Lee');
  assert.equal(displayNameOf('Please use <ann@example.com>'), 'Please use');
  // The closing '>' lost: still the name, when the address alone follows.
  assert.equal(displayNameOf('Ann Lee <ann@example.com'), 'Ann Lee');
  assert.equal(displayNameOf('"Lee, Ann" <ann@example.com '), 'Lee, Ann');
  assert.equal(displayNameOf('Ann Lee <ann@example.com for work'), null);
  // Text after the address: a quoted name or capitalised words are a name; a phrase is not.
  assert.equal(displayNameOf('Please use <ann@example.com> for work'), null);
  assert.equal(displayNameOf('Contact <ann@example.com> for work'), null);
  assert.equal(displayNameOf('email me at <ann@example.com> anytime'), null);
  assert.equal(displayNameOf('"Ann Lee" <ann@example.com> for work'), 'Ann Lee');
  assert.equal(displayNameOf('Ann Lee <ann@example.com> for work'), 'Ann Lee');
  assert.equal(displayNameOf("Dr. Ann O'Neil <ann@example.com> at the clinic"), "Dr. Ann O'Neil");
  // Through the entry: the address is used, and a phrase never becomes the contact's name.
  const ctx = { region: null, sourceKey: 'test' };
  const e = normalizeEntry({ emails: ['Please use <ann@example.com> for work'] }, ctx);
  assert.deepEqual(
    e.emails.map((m) => [m.display, m.key, m.junk]),
    [['ann@example.com', 'ann@example.com', null]],
  );
  assert.equal(e.name, null);
  assert.equal(normalizeEntry({ name: 'Test Person', emails: ['Please use <ann@example.com> for work'] }, ctx).name, 'Test Person');
  assert.equal(normalizeEntry({ emails: ['Ann Lee <ann@example.com>'] }, ctx).name, 'Ann Lee');
  // Two addresses in one sentence: not one address; each is still read as an item of a list where one is.
  assert.deepEqual(
    normalizeEntry({ emails: ['Ann <a@x.example>, Bo <b@y.example>'] }, ctx).emails.map((m) => m.key),
    ['a@x.example', 'b@y.example'],
  );
});

test('custom domains are never guessed at: dots and +tags are significant', () => {
  assert.equal(normalizeEmail('j.smith@example.com')?.key, 'j.smith@example.com');
  assert.notEqual(normalizeEmail('j.smith@example.com')?.key, normalizeEmail('jsmith@example.com')?.key);
  assert.equal(normalizeEmail('ann+team@example.com')?.key, 'ann+team@example.com');
  // Yahoo does not do plus addressing: the address stays as is.
  assert.equal(normalizeEmail('ann+x@yahoo.com')?.key, 'ann+x@yahoo.com');
});

test('a leading + or a tag-only gmail local part is kept', () => {
  assert.equal(normalizeEmail('+foo@gmail.com')?.key, '+foo@gmail.com');
});

test('internationalised addresses: Unicode local parts accepted, IDN domains matched on the A-label', () => {
  const a = normalizeEmail('josé@münchen.de');
  const b = normalizeEmail('josé@xn--mnchen-3ya.de');
  assert.ok(a && b);
  assert.equal(a.display, 'josé@münchen.de');
  assert.equal(a.key, b.key);
});

test('IDN domains in scripts written with combining marks (Indic, Thai) are addresses, keyed on the A-label', () => {
  // Vowel signs and viramas are marks (\p{M}), not letters: a label of letters only lost every domain
  // under .भारत, .ไทย, .இந்தியா, .বাংলা (the registries' own examples below).
  for (const [raw, key] of [
    ['संपर्क@डाटामेल.भारत', 'संपर्क@xn--c2bd4bq1db8d.xn--h2brj9c'],
    ['ಬೆಂಬಲ@ಡೇಟಾಮೇಲ್.ಭಾರತ', 'ಬೆಂಬಲ@xn--xscd4bq2d9bd3c.xn--2scrj9c'],
    ['อีเมล@ยูเอ็กซ์เอ.ไทย', 'อีเมล@xn--12cu1ezbc2e5bd4duc.xn--o3cw4h'],
    ['உதவி@இந்தியா.இந்தியா', 'உதவி@xn--xkc2dl3a5ee0h.xn--xkc2dl3a5ee0h'],
    ['যোগাযোগ@উদাহরণ.বাংলা', 'যোগাযোগ@xn--d5b6ci4b4b3a.xn--54b7fta0cc'],
  ]) {
    const e = normalizeEmail(raw);
    assert.equal(e?.key, key, raw);
    assert.equal(e?.display, raw);
    assert.equal(normalizeEmail(key)?.key, key, 'the A-label form is the same address');
  }
  // A quoted local part of such letters quotes nothing special: the same key as unquoted.
  assert.equal(normalizeEmail('"राहुल"@example.in')?.key, normalizeEmail('राहुल@example.in')?.key);
  // Still no address: a label may not start with a mark.
  assert.equal(normalizeEmail('x@\u093fabc.com'), null);
});

test('RFC 5322 comments next to either part are not part of the address; quoted text keeps its parentheses', () => {
  for (const raw of ['john.smith(home)@example.com', '(home)john.smith@example.com', 'john.smith@(home)example.com', 'john.smith (home) @example.com']) {
    assert.equal(normalizeEmail(raw)?.key, 'john.smith@example.com', raw);
  }
  assert.equal(normalizeEmail('"a(b)"@example.com')?.key, '"a(b)"@example.com');
  assert.equal(normalizeEmail('"john smith"(home)@example.com')?.key, '"john smith"@example.com');
  // A comment between two words leaves two words: no address is glued together from them.
  assert.equal(normalizeEmail('ann (work) smith@example.com'), null);
  assert.equal(normalizeEmail('Name (a@b.com)')?.key, 'a@b.com');
  // Capitalised words before an address are a name without its brackets ("Ann (work) ann@x.com" too).
  assert.equal(normalizeEmail('Ann (work) ann@example.com')?.key, 'ann@example.com');
  assert.equal(displayNameOf("Dr. Ann O'Neil-Lee ann@example.com"), "Dr. Ann O'Neil-Lee");
  assert.equal(displayNameOf('Ann ann@example.com'), null); // one word: maybe a label, never a name
  assert.equal(displayNameOf('Home Email ann@example.com'), null);
});

test('mailto: URIs are read as RFC 6068 writes them: percent-encoded, or with the address in a to= field', () => {
  assert.equal(normalizeEmail('mailto:js24%40x.example')?.key, 'js24@x.example');
  assert.equal(normalizeEmail('mailto:%22john%20smith%22@x.example')?.key, '"john smith"@x.example');
  assert.equal(normalizeEmail('mailto:?to=g17@x.example&subject=hi')?.key, 'g17@x.example');
  assert.equal(normalizeEmail('mailto:ann@x.example?cc=bob@y.example')?.key, 'ann@x.example');
  // A '%' that is no encoding stays what it is (old source routing: user%host@relay).
  assert.equal(normalizeEmail('user%host@relay.example')?.key, 'user%host@relay.example');
});

test('a label before the address is not part of it, whatever the local part (a quoted one with a space too)', () => {
  assert.equal(normalizeEmail('SMTP:"eva yamada"@softbank.ne.jp')?.key, '"eva yamada"@softbank.ne.jp');
  assert.equal(normalizeEmail('smtp: a@b.com')?.key, 'a@b.com');
  assert.equal(normalizeEmail('E-mail: js17@x.example')?.key, 'js17@x.example');
  assert.equal(normalizeEmail('Work: g7@x.example')?.key, 'g7@x.example');
});

test('host labels IDNA allows: ZWNJ and ZWJ inside Persian and Indic words, symbols (emoji domains); an xn-- label that is no punycode is no host', () => {
  // ZWNJ/ZWJ are part of these words (RFC 5892 CONTEXTJ): a different domain from the one without them.
  assert.equal(
    normalizeEmail('ali@\u0646\u0631\u0645\u200c\u0627\u0641\u0632\u0627\u0631.\u0627\u06cc\u0631\u0627\u0646')?.key,
    'ali@xn--mgba2acd3g0ag8940d.xn--mgba3a4f16a',
  );
  assert.equal(normalizeEmail('ram@\u0915\u094d\u200d\u0937.\u092d\u093e\u0930\u0924')?.domain, 'xn--11b2ezcw70k.xn--h2brj9c');
  // An emoji domain: the same verdict and key whether written in Unicode or as its A-label.
  assert.equal(normalizeEmail('user@i\u2764.ws')?.key, 'user@xn--i-7iq.ws');
  assert.equal(normalizeEmail('user@xn--i-7iq.ws')?.key, 'user@xn--i-7iq.ws');
  // Still no host: a joiner first in a label of a script that writes it, and an A-label that does not
  // decode. In a Latin address a joiner is a paste artefact, dropped (email-forms.test.ts).
  assert.equal(normalizeEmail('x@\u200c\u0646\u0631\u0645.\u0627\u06cc\u0631\u0627\u0646'), null);
  assert.equal(normalizeEmail('x@\u200cabc.com')?.key, 'x@abc.com');
  assert.equal(normalizeEmail('ann@xn--example.com'), null);
  assert.equal(parseEmailSlow('ann@xn--example.com'), null);
  assert.equal(normalizeEmail('ann@XN--EXAMPLE.com'), null);
});

test('role mailboxes are flagged, not junk', () => {
  for (const s of ['info@smallbakery.com', 'Sales@acme.io', 'support+x@acme.io']) {
    const e = normalizeEmail(s);
    assert.equal(e?.junk, null, s);
    assert.equal(e?.role, true, s);
  }
});

test('junk classification is attached', () => {
  assert.equal(normalizeEmail('no-reply@accounts.example.com')?.junk, 'no_reply');
  assert.equal(normalizeEmail('MAILER-DAEMON@mx.example.com')?.junk, 'mailer_daemon');
  assert.equal(normalizeEmail('x@mailinator.com')?.junk, 'disposable');
});

// The ASCII scanner (parse) must give exactly what the regular-expression implementation gives
// (parseEmailSlow: the patterns, split() and the rule-by-rule junk classification), on every input.
describe('the scanner agrees with the regular-expression implementation', () => {
  const same = (raw: string) => {
    assert.deepEqual(parseEmailUncached(raw), parseEmailSlow(raw), JSON.stringify(raw));
  };
  const pieces = fc.constantFrom(
    'a',
    'z',
    'A',
    'Z',
    '0',
    '9',
    '.',
    '..',
    '-',
    '_',
    '+',
    '=',
    '@',
    '@@',
    ' ',
    '\t',
    '<',
    '>',
    '"',
    "'",
    '!',
    '#',
    '$',
    '%',
    '&',
    '*',
    '/',
    '?',
    '^',
    '`',
    '{',
    '|',
    '}',
    '~',
    ',',
    ';',
    ':',
    '(',
    ')',
    '[',
    ']',
    '\\',
    'é',
    'É',
    'ü',
    'ß',
    'ø',
    '中',
    'İ',
    'ı',
    '\u212a',
    '\u00a0',
    '\u200b',
    '\ufeff',
    '\u0301',
    '😀',
    'mailto:',
    'MAILTO:',
    'xn--',
    'gmail',
    'googlemail',
    'outlook',
    'com',
    '.com',
    '.co.uk',
    'noreply',
    'no-reply',
    'info',
    'bounce',
    'reply+',
    'SRS0=',
    'srs1-',
    '=x.com=',
    '&lt;',
    '&gt;',
    '&#64;',
    '&#x40;',
    '&amp;',
    '&nbsp;',
    '[',
    '](mailto:',
    'em.',
    'target',
    'mailer-daemon',
  );
  it('arbitrary strings over an address alphabet', () => {
    fc.assert(fc.property(fc.string({ unit: pieces, maxLength: 30 }), same), { numRuns: 20_000, seed: 1 });
  });
  it('fast-check e-mail addresses, as they are and with their letters changed', () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.constantFrom('', 'upper', 'lower', 'title', 'dot', 'wrap', 'mailto', 'space'), (addr, how) => {
        const s =
          how === 'upper'
            ? addr.toUpperCase()
            : how === 'lower'
              ? addr.toLowerCase()
              : how === 'title'
                ? addr[0]!.toUpperCase() + addr.slice(1)
                : how === 'dot'
                  ? addr + '.'
                  : how === 'wrap'
                    ? `Some One <${addr}>`
                    : how === 'mailto'
                      ? `mailto:${addr}?subject=hi`
                      : how === 'space'
                        ? ` ${addr}\t`
                        : addr;
        same(s);
      }),
      { numRuns: 10_000, seed: 2 },
    );
  });
  const label = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,8}[A-Za-z0-9]?$/);
  const domain = fc.oneof(
    fc.constantFrom(
      'gmail.com',
      'GMail.com',
      'googlemail.com',
      'outlook.com',
      'Hotmail.co.uk',
      'yandex.ru',
      'ya.ru',
      'Yandex.BY',
      'yandex-team.ru',
      'proton.me',
      'pm.me',
      'protonmail.ch',
      'icloud.com',
      'me.com',
      'Mac.com',
      'example.com',
      'x.y',
      'reply.github.com',
      'users.noreply.github.com',
      'bounces.example.com',
      'em.sendgrid.net',
      'cmail20.com',
      'sale.craigslist.org',
      'guest.booking.com',
      'privaterelay.appleid.com',
      'facebookmail.com',
      'mailinator.com',
      'münchen.de',
      'xn--mnchen-3ya.de',
      'example.xn--p1ai',
      'exa_mple.com',
      'example.c0m',
      'a-.com',
      '-a.com',
      'a..com',
      'com',
    ),
    fc
      .array(label, { minLength: 1, maxLength: 4 })
      .chain((ls) => fc.constantFrom(...['com', 'IO', 'de', 'x', 'c0m', 'xn--p1ai', 'xn--', 'a'.repeat(63), 'b'.repeat(64)].map((t) => [...ls, t].join('.')))),
  );
  const local = fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]{1,20}$/),
    fc
      .array(
        fc.constantFrom(
          'john',
          'J',
          'smith',
          'no',
          'reply',
          'noreply',
          'do',
          'not',
          'info',
          'sales',
          'news',
          'letter',
          'alerts',
          'bounces',
          'mailer',
          'daemon',
          'postmaster',
          'prvs',
          'srs0',
          'msprvs1',
          'notifications',
          'updates',
          'unsubscribe',
          '0100018c2f3a9b7d',
          '1234567890123456',
          'deadbeefcafe1234',
          'x',
        ),
        { minLength: 1, maxLength: 4 },
      )
      .chain((ws) => fc.constantFrom('.', '-', '_', '+', '=', '').map((sep) => ws.join(sep))),
    fc.constantFrom('x'.repeat(64), 'x'.repeat(65), '.a', 'a.', 'a..b', '+tag', 'a+b.c'),
  );
  it('structured addresses: provider rules, junk words, label and length limits', () => {
    fc.assert(
      fc.property(local, domain, fc.boolean(), (l, d, up) => same(up ? `${l}@${d}`.toUpperCase() : `${l}@${d}`)),
      { numRuns: 20_000, seed: 3 },
    );
  });
  it('domains about the 253-character limit, with and without the trailing dot', () => {
    fc.assert(
      fc.property(fc.integer({ min: 240, max: 260 }), fc.boolean(), fc.constantFrom('a', 'A', 'ab1'), (len, dot, l) => {
        let d = '';
        while (d.length < len - 4) d += (d ? '.' : '') + 'x'.repeat(Math.min(63, len - 4 - d.length - (d ? 1 : 0)) || 1);
        same(`${l}@${d}.com${dot ? '.' : ''}`);
      }),
      { numRuns: 500, seed: 5 },
    );
  });
  it('the cached answer is the same, and a copy', () => {
    fc.assert(
      fc.property(local, domain, (l, d) => {
        const raw = `${l}@${d}`;
        const a = normalizeEmail(raw);
        const b = normalizeEmail(raw);
        assert.deepEqual(a, parseEmailSlow(raw));
        assert.deepEqual(b, a);
        if (a) assert.notEqual(a, b);
      }),
      { numRuns: 2000, seed: 4 },
    );
  });
});

test('past the cache cap, answers stay the same (generations turn over, nothing is lost or mixed up)', () => {
  clearEmailCache();
  const addr = (i: number) => `Person.${i}@Example${i % 7}.com`;
  const first = Array.from({ length: 80_000 }, (_, i) => normalizeEmail(addr(i)));
  for (const i of [0, 1, 24_999, 25_000, 50_000, 79_999]) assert.deepEqual(normalizeEmail(addr(i)), first[i], addr(i));
  assert.deepEqual(first[12_345], parseEmailSlow(addr(12_345)));
});

test('an address written to hide it from harvesters, "jane [at] example [dot] com", is read as the address', () => {
  for (const [raw, key] of [
    ['jane[at]example.com', 'jane@example.com'],
    ['jane (at) example (dot) com', 'jane@example.com'],
    ['jane(at)example(dot)com', 'jane@example.com'],
    ['Jane.Doe {AT} mail {DOT} example {DOT} org', 'jane.doe@mail.example.org'],
    ['jane [@] example [.] com', 'jane@example.com'],
    ['ann.lee <at> corp.co.uk', 'ann.lee@corp.co.uk'],
    ['ivan [at] почта [dot] рф', 'ivan@xn--80a1acny.xn--p1ai'],
  ] as const) {
    const e = normalizeEmail(raw);
    assert.equal(e?.key, key, raw);
    assert.equal(e?.display, e?.display.replace(/\s/g, ''), raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
    assert.deepEqual(parseEmailUncached(raw), e, raw);
  }
  // Nothing else is read so: no host with a dot, two "at"s, a phrase, an address beside it, the spaced
  // form whose "at" and "dot" may be words of a note.
  for (const raw of [
    'Ann (at) home',
    'jane [at] example',
    'a [at] b [at] c.com',
    'see [at] the office for details.com',
    'jane at example dot com',
    'lunch at noon.com',
    'a@x.com [at] y.com',
    // A note with a bracketed "at" whose "host" ends in no top-level domain.
    'Lunch (at) cafe.nero',
    'Party (at) Joe.Smith',
    'Jane (at) Dr.Who',
  ]) {
    assert.equal(normalizeEmail(raw), null, raw);
    assert.equal(parseEmailSlow(raw), null, raw);
  }
});

test('a host typed with a slip any reader reads is read (spaces beside its dots, doubled or leading dots, a comma for the dot); nothing else is', () => {
  for (const [raw, key] of [
    ['john@example. com', 'john@example.com'],
    ['john@example .com', 'john@example.com'],
    ['john@example..com', 'john@example.com'],
    ['john@.example.com', 'john@example.com'],
    ['john@example,com', 'john@example.com'],
    ['john@mail. example. co.uk', 'john@mail.example.co.uk'],
    ['Ann Lee <ann@example. com>', 'ann@example.com'],
    ['ivan@почта. рф', 'ivan@xn--80a1acny.xn--p1ai'],
  ] as const) {
    const e = normalizeEmail(raw);
    assert.equal(e?.key, key, raw);
    assert.deepEqual(parseEmailSlow(raw), e, raw);
    assert.deepEqual(parseEmailUncached(raw), e, raw);
  }
  // Not a space inside a label, two commas, a host that is no domain, two addresses.
  for (const raw of ['john@exa mple.com', 'john@example,com,net', 'john@example. notatld', 'a@x.com, b@y.com', 'john@localhost,', 'lunch at noon. com']) {
    assert.equal(normalizeEmail(raw), null, raw);
    assert.equal(parseEmailSlow(raw), null, raw);
  }
});

test('a vCard line pasted into an e-mail field is its address (EMAIL;TYPE=INTERNET:…, item1.EMAIL;type=pref:…): it was invalid and the card left out', () => {
  for (const s of [
    'EMAIL;TYPE=INTERNET:joe@bloggs.example',
    'EMAIL;type=INTERNET;type=HOME;type=pref:joe@bloggs.example',
    'item1.EMAIL;type=INTERNET:joe@bloggs.example',
  ]) {
    assert.equal(normalizeEmail(s)?.key, 'joe@bloggs.example', s);
  }
});

test('sample addresses of forms and templates are no address (user@domain.com, your@email.com, someone@somewhere.com, test@gmail.com): they were a row of their own and an invite to a stranger on every card', () => {
  for (const a of [
    'user@domain.com',
    'name@domain.com',
    'email@domain.com',
    'your@email.com',
    'YourEmail@Domain.com',
    'someone@somewhere.com',
    'no@email.com',
    'test@gmail.com',
    'xxx@yahoo.com',
  ]) {
    assert.equal(normalizeEmail(a)?.junk, 'invalid', a);
  }
  for (const a of [
    'ann@domain.com',
    'user@company.example',
    'your@company.example',
    'test.user@gmail.com',
    'tester@gmail.com',
    'ann@email.com',
    'someone@company.example',
    'no@x.no',
  ]) {
    assert.equal(normalizeEmail(a)?.junk, null, a);
  }
});

test("an RFC 5322 group's label names nobody (a probe saw Ann named 'Team: Ann Lee'); a colon in a name stays", () => {
  assert.equal(isGroupList('Team: Ann Lee <ann@x.example>, Bob Ng <bob@x.example>;'), true);
  // Outlook ends every address with ';': no group (a review saw 'Dr. Ann Lee: CEO <a@x>;' named "CEO").
  for (const s of [
    'Dr. Ann Lee: CEO <a@x.example>;',
    'Dr. Ann Lee: CEO <a@x.example>; Bob Ng <b@x.example>;',
    'Ann Lee <a@x.example>; Bob Ng <b@x.example>;',
    'Lee, Ann <a@x.example>;',
    'Team: Ann Lee <a@x.example>, Bob Ng <b@x.example>',
  ])
    assert.equal(isGroupList(s), false, s);
  // A single address: the name as written, a colon and all.
  assert.equal(displayNameOf('Dr. Ann Lee: CEO <a@x.example>;'), 'Dr. Ann Lee: CEO');
  assert.equal(displayNameOf('José Núñez: Ventas <a@x.example>;'), 'José Núñez: Ventas');
  assert.equal(displayNameOf('Ann Lee (Sales: EMEA) <a@x.example>;'), 'Ann Lee (Sales: EMEA)');
  assert.equal(displayNameOf('Ann Lee 10:30 <a@x.example>'), 'Ann Lee 10:30');
  assert.equal(displayNameOf('"Dr: Who" <who@x.example>'), 'Dr: Who');
  assert.equal(displayNameOf('To: Ann Lee <ann@x.example>'), 'Ann Lee');
  assert.match('Team: ', GROUP_LABEL_RE);
  for (const s of ['Ann Lee (Sales: ', 'Ann Lee 10:', 'Ann Lee [Work: ']) assert.doesNotMatch(s, GROUP_LABEL_RE);
});
