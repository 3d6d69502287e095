/** The file readers of `kith import`: vCard and Google CSV → Entry (pure conversions and whole files). */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { googleRowToEntry, isGoogleHeader, parseGoogleCsv } from '../../src/readers/google-csv.ts';
import { decodeQuotedPrintable, parseVcards, sourceTypeOf, splitStructured, unescapeText, vcardToEntry, type VcardProperty } from '../../src/readers/vcard.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const prop = (name: string, value: string, params: Record<string, string[]> = {}, group?: string): VcardProperty => ({
  name,
  value,
  params,
  ...(group ? { group } : {}),
});

describe('vcardToEntry (pure)', () => {
  it('maps names, e-mails, phones, organisation, addresses, websites and IMs', () => {
    const entry = vcardToEntry([
      prop('fn', 'Zoë Müller'),
      prop('email', 'zoe@acme.example', { type: ['internet', 'work'] }),
      prop('email', 'Zoe.Mueller@example.com', { type: ['internet', 'home', 'pref'] }),
      prop('tel', 'tel:+1-415-555-0123', { type: ['cell'] }),
      prop('org', 'Acme\\, Inc.;Sales'),
      prop('title', 'Director'),
      prop('nickname', 'Zo,Zozo'),
      prop('adr', ';;1 Main St;San Francisco;CA;94105;United States', { type: ['home', 'pref'] }),
      prop('url', 'https://zoe.example.com', {}, 'item2'),
      prop('xablabel', '_$!<HomePage>!$_', {}, 'item2'),
      prop('impp', 'xmpp:zoe@jabber.example', { type: ['home'] }),
      prop('photo', 'https://example.com/zoe.jpg', { value: ['uri'] }),
      prop('photo', '/9j/4AAQSkZJRg', { encoding: ['b'] }),
    ]);
    assert.deepEqual(entry, {
      name: 'Zoë Müller',
      // The preferred address first, as the contact app shows it.
      emails: ['Zoe.Mueller@example.com', 'zoe@acme.example'],
      phones: ['+1-415-555-0123'],
      nickname: 'Zo',
      title: 'Director',
      company: 'Acme, Inc.',
      photos: ['https://example.com/zoe.jpg'],
      addresses: [{ street: '1 Main St', city: 'San Francisco', state: 'CA', postal_code: '94105', country: 'United States', type: 'home' }],
      websites: [{ url: 'https://zoe.example.com', type: 'homepage' }],
      ims: [{ name: 'zoe@jabber.example', protocol: 'xmpp', type: 'home' }],
    });
  });

  it('builds the name from N when FN is missing, and keeps only what is there', () => {
    assert.deepEqual(vcardToEntry([prop('n', 'Dupont;Élodie;Marie;Dr.;'), prop('email', ' elodie@example.fr ')]), {
      name: 'Dr. Élodie Marie Dupont',
      emails: ['elodie@example.fr'],
    });
  });

  it('marks starred contacts as favourites and reads legacy IM properties', () => {
    const entry = vcardToEntry([prop('fn', 'Bo'), prop('categories', 'Friends,starred'), prop('xjabber', 'bo@jabber.example')]);
    assert.equal(entry?.is_favorite, 1);
    assert.deepEqual(entry?.ims, [{ name: 'bo@jabber.example', protocol: 'jabber' }]);
  });

  it('gives null for a card with nothing to show or invite', () => {
    assert.equal(vcardToEntry([prop('version', '3.0'), prop('note', 'hello')]), null);
    assert.equal(vcardToEntry([prop('fn', '  ')]), null);
  });

  it('a website without a label gets type "other" (the API requires one)', () => {
    assert.deepEqual(vcardToEntry([prop('fn', 'X'), prop('url', 'https://x.example')])?.websites, [{ url: 'https://x.example', type: 'other' }]);
  });
});

describe('vCard text helpers', () => {
  it('unescapes RFC 6350 text and splits structured values on unescaped separators', () => {
    assert.equal(unescapeText('a\\, b\\; c\\nd\\\\e'), 'a, b; c\nd\\e');
    assert.deepEqual(splitStructured('Acme\\; Co;Sales\\,EU;'), ['Acme; Co', 'Sales,EU', '']);
  });

  it('decodes quoted-printable in the given charset', () => {
    assert.equal(decodeQuotedPrintable('=C3=89lodie'), 'Élodie');
    assert.equal(decodeQuotedPrintable('M=FCller', 'ISO-8859-1'), 'Müller');
  });

  it('tells the source type from PRODID', () => {
    assert.equal(sourceTypeOf('-//Apple Inc.//iPhone OS 17.0//EN'), 'ios');
    assert.equal(sourceTypeOf('-//Google Inc//Google Contacts//EN'), 'gmail');
    assert.equal(sourceTypeOf('-//Android//Contacts//EN'), 'android');
    assert.equal(sourceTypeOf(undefined), null);
  });
});

describe('parseVcards (whole files)', () => {
  it('reads an iPhone 3.0 export with CRLF, folded lines, groups and inline photos', () => {
    const r = parseVcards(fixture('iphone.vcf'));
    assert.equal(r.sourceType, 'ios');
    assert.equal(r.entries.length, 3);
    assert.equal(r.entries[0].name, 'Zoë Müller');
    assert.deepEqual(r.entries[0].emails, ['Zoe.Mueller@example.com', 'zoe@acme.example']);
    assert.equal(r.entries[0].company, 'Acme, Inc.');
    assert.equal(r.entries[0].photos, undefined, 'inline photos are not URLs');
    assert.deepEqual(r.entries[0].websites, [{ url: 'https://zoe.example.com', type: 'homepage' }]);
    assert.deepEqual(r.entries[1], { name: 'Ana Silva', emails: ['ana@example.org'], phones: ['+351 912 345 678'] });
    assert.deepEqual(r.skipped, []);
  });

  it('reads Android 2.1 quoted-printable (with soft line breaks) and 4.0 cards; skips broken and empty ones', () => {
    const r = parseVcards(fixture('android.vcf'));
    assert.deepEqual(r.entries[0], {
      name: 'Élodie Dupont',
      emails: ['elodie@example.fr'],
      phones: ['+33 6 12 34 56 78', '01 23 45 67 89'],
      ims: [{ name: 'elodie@jabber.example', protocol: 'jabber' }],
      is_favorite: 1,
    });
    assert.deepEqual(r.entries[1], { name: 'Bo Chen', emails: ['bo@example.net'], phones: ['+1-202-555-0147'] });
    assert.equal(r.entries.length, 2);
    assert.deepEqual(
      r.skipped.map((s) => s.card),
      [2, 3],
    );
    assert.match(r.skipped[1].reason, /version/i);
  });

  it('an empty file has no entries', () => {
    assert.deepEqual(parseVcards(''), { entries: [], skipped: [], sourceType: null });
  });
});

describe('googleRowToEntry (pure)', () => {
  it('reads the current layout: split names, multi-value cells, primary first, starred', () => {
    const entry = googleRowToEntry({
      'First Name': 'Zoë',
      'Last Name': 'Müller',
      'Organization Name': 'Acme, Inc.',
      'Organization Title': 'Director',
      Labels: '* myContacts ::: * starred',
      'E-mail 1 - Label': 'Work',
      'E-mail 1 - Value': 'zoe@acme.example',
      'E-mail 2 - Label': '* Home',
      'E-mail 2 - Value': 'Zoe.Mueller@example.com',
      'Phone 1 - Label': 'Mobile',
      'Phone 1 - Value': '(415) 555-0123 ::: +1 415 555 0199',
      'Address 1 - Label': 'Home',
      'Address 1 - City': 'San Francisco',
      'Address 1 - Country': 'United States',
      'Website 1 - Label': 'Blog',
      'Website 1 - Value': 'https://zoe.example.com',
    });
    assert.deepEqual(entry, {
      name: 'Zoë Müller',
      emails: ['Zoe.Mueller@example.com', 'zoe@acme.example'],
      phones: ['(415) 555-0123', '+1 415 555 0199'],
      company: 'Acme, Inc.',
      title: 'Director',
      addresses: [{ city: 'San Francisco', country: 'United States', type: 'home' }],
      websites: [{ url: 'https://zoe.example.com', type: 'blog' }],
      is_favorite: 1,
    });
  });

  it('reads the legacy layout (Name, Organization 1 - Name, IM columns, Group Membership)', () => {
    const entry = googleRowToEntry({
      Name: 'Bo Chen',
      'Given Name': 'Bo',
      'Group Membership': '* My Contacts ::: * Starred',
      'E-mail 1 - Type': '* Work',
      'E-mail 1 - Value': 'bo@example.net',
      'Organization 1 - Name': 'Chen Labs',
      'Organization 1 - Title': 'CTO',
      'IM 1 - Type': 'Work',
      'IM 1 - Service': 'Jabber',
      'IM 1 - Value': 'bo@jabber.example',
    });
    assert.deepEqual(entry, {
      name: 'Bo Chen',
      emails: ['bo@example.net'],
      company: 'Chen Labs',
      title: 'CTO',
      ims: [{ name: 'bo@jabber.example', protocol: 'jabber', type: 'work' }],
      is_favorite: 1,
    });
  });

  it('gives null for a row with nothing usable', () => {
    assert.equal(googleRowToEntry({ Notes: 'just a note', Labels: '* myContacts' }), null);
  });
});

describe('parseGoogleCsv (whole files)', () => {
  it('reads an export with quoted commas and skips empty rows', () => {
    const r = parseGoogleCsv(fixture('google.csv'));
    assert.equal(r.entries.length, 2);
    assert.equal(r.entries[0].company, 'Acme, Inc.');
    assert.deepEqual(r.entries[0].photos, ['https://lh3.googleusercontent.com/photo.jpg']);
    assert.deepEqual(r.entries[1], { name: 'Ana Silva', emails: ['ana@example.org'] });
    assert.deepEqual(r.skipped, [{ row: 3, reason: 'no name, e-mail, phone or company' }]);
  });

  it('reads the legacy export', () => {
    const r = parseGoogleCsv(fixture('google-legacy.csv'));
    assert.equal(r.entries.length, 1);
    assert.equal(r.entries[0].name, 'Bo Chen');
  });

  it('refuses a CSV that is not a Google Contacts export, naming what it expected', () => {
    assert.throws(() => parseGoogleCsv('id,amount\n1,2\n'), /not a Google Contacts export/);
    assert.equal(isGoogleHeader(['Name', 'E-mail 1 - Value']), true);
  });
});
