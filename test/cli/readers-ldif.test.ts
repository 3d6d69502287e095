/**
 * The LDIF reader of the file upload, `kith import` and the playground (src/readers/ldif.ts): Thunderbird's
 * LDIF address-book export and a directory's inetOrgPerson records, read per RFC 2849 (folding, base64,
 * comments, the version line), one entry per record; and how readContactsFile finds and reports it.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { formatOf, openInput } from '../../src/cli/import/sources.ts';
import { contradictedFormat, FileRefused, FormatContradicted, formatRefusal, guessFormat, readContactsFile } from '../../src/readers/contacts-file.ts';
import { dnParts, isLdif, readLdifFile } from '../../src/readers/ldif.ts';

/** A file from its lines, CRLF as Thunderbird on Windows writes it. */
const ldif = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

/** Thunderbird's export of a small book: two people and a mailing list of them. */
const THUNDERBIRD = ldif(
  'dn: cn=Ann Lee,mail=ann@example.com',
  'objectclass: top',
  'objectclass: person',
  'objectclass: organizationalPerson',
  'objectclass: inetOrgPerson',
  'objectclass: mozillaAbPersonAlpha',
  'givenName: Ann',
  'sn: Lee',
  'cn: Ann Lee',
  'mozillaNickname: Annie',
  'mail: ann@example.com',
  'mozillaSecondEmail: ann.lee@work.example',
  'nsAIMid: annlee42',
  'modifytimestamp: 0',
  'telephoneNumber: +1 415 555 0100',
  'homePhone: +1 415 555 0101',
  'facsimiletelephonenumber: +1 415 555 0102',
  'pager: +1 415 555 0103',
  'mobile: +1 415 555 0104',
  'mozillaHomeStreet: 1 Main St',
  'mozillaHomeLocalityName: Springfield',
  'mozillaHomeState: CA',
  'mozillaHomePostalCode: 94000',
  'mozillaHomeCountryName: USA',
  'title: Engineer',
  'o: Acme',
  'mozillaWorkUrl: https://acme.example',
  '',
  `dn:: ${b64('cn=Jörg Schröder,mail=joerg@example.de')}`,
  'objectclass: top',
  'objectclass: person',
  'objectclass: mozillaAbPersonAlpha',
  'givenName:: SsO2cmc=',
  'sn:: U2NocsO2ZGVy',
  'cn:: SsO2cmcgU2NocsO2ZGVy',
  'mail: joerg@example.de',
  '',
  'dn: cn=Friends',
  'objectclass: top',
  'objectclass: groupOfNames',
  'cn: Friends',
  'member: cn=Ann Lee,mail=ann@example.com',
  'member: cn=Jörg Schröder,mail=joerg@example.de',
  'member: cn=Cleo Park,mail=cleo@example.org',
  '',
);

describe('LDIF reader', () => {
  it('must read: a Thunderbird export, one entry per person record, every address and phone, no fax or pager', () => {
    const { records } = readLdifFile(THUNDERBIRD);
    assert.equal(records.length, 3);
    assert.deepEqual(records[0].entry, {
      name: 'Ann Lee',
      emails: ['ann@example.com', 'ann.lee@work.example'],
      // Mobile first, then work and home, as Thunderbird's CSV is read; the fax and the pager are not the person's.
      phones: ['+1 415 555 0104', '+1 415 555 0100', '+1 415 555 0101'],
      nickname: 'Annie',
      company: 'Acme',
      title: 'Engineer',
      addresses: [{ street: '1 Main St', city: 'Springfield', state: 'CA', postal_code: '94000', country: 'USA', type: 'home' }],
      websites: [{ url: 'https://acme.example', type: 'work' }],
      // An AIM screen name, no e-mail address.
      ims: [{ name: 'annlee42', protocol: 'aim' }],
    });
    assert.deepEqual(records[1].entry, { name: 'Jörg Schröder', emails: ['joerg@example.de'] });
  });

  it('must read: base64 values as UTF-8 (`cn:: SsO2cmcgU2NocsO2ZGVy` is Jörg Schröder), and a base64 dn', () => {
    const { records } = readLdifFile(ldif('dn:: Y249SsO2cmc=', 'cn:: SsO2cmcgU2NocsO2ZGVy', 'mail:: am9lcmdAZXhhbXBsZS5kZQ=='));
    assert.deepEqual(records[0].read, { name: 'Jörg Schröder', emails: ['joerg@example.de'] });
    assert.deepEqual(records[0].notes, []);
  });

  it('must read: folded lines (one space continues the line before, the space dropped), in values and base64 alike', () => {
    const name = b64('Maximilian Alexander von Habsburg');
    const { records } = readLdifFile(
      ldif('dn: cn=Maximilian Alexander von Habs', ' burg,mail=max@example.at', 'cn: Maximilian Alexan', ' der von Habsburg', 'mail: max@exa', ' mple.at', ''),
    );
    assert.deepEqual(records[0].read, { name: 'Maximilian Alexander von Habsburg', emails: ['max@example.at'] });
    const folded = readLdifFile(ldif('dn: cn=x', `cn:: ${name.slice(0, 10)}`, ` ${name.slice(10)}`));
    assert.equal(folded.records[0].read.name, 'Maximilian Alexander von Habsburg');
  });

  it('must read: comments (folded ones too), the version line, attribute names in any case, LF or CR line ends, and no blank line at the end', () => {
    const text = [
      '# Thunderbird address book',
      '#  continued',
      ' comment continuation',
      'version: 1',
      '',
      '# Ann',
      'DN: cn=Ann Lee,mail=ann@example.com',
      'CN: Ann Lee',
      '# a comment inside a record',
      'MAIL: ann@example.com',
      'TelephoneNumber: 555 0100',
      '',
      '',
      'dn: cn=Ben',
      'cn;lang-en: Ben Ray',
      'mail: ben@example.com',
    ];
    for (const eol of ['\n', '\r', '\r\n']) {
      const { records } = readLdifFile(text.join(eol));
      assert.deepEqual(
        records.map((r) => r.read),
        [
          { name: 'Ann Lee', emails: ['ann@example.com'], phones: ['555 0100'] },
          { name: 'Ben Ray', emails: ['ben@example.com'] },
        ],
        JSON.stringify(eol),
      );
    }
  });

  it('must read: several mail, telephoneNumber and mobile values, each once, in file order', () => {
    const { records } = readLdifFile(
      ldif('dn: cn=Ann', 'cn: Ann', 'mail: a@x.com', 'mail: b@y.com', 'mail: a@x.com', 'telephoneNumber: 1', 'telephoneNumber: 2', 'mobile: 3', 'mobile: 4'),
    );
    assert.deepEqual(records[0].read, { name: 'Ann', emails: ['a@x.com', 'b@y.com'], phones: ['3', '4', '1', '2'] });
  });

  it('must not read: a fax or a pager as a phone; a record whose only number is a fax keeps its other fields', () => {
    const { records } = readLdifFile(
      ldif(
        'dn: cn=Fax Only',
        'cn: Fax Only',
        'facsimileTelephoneNumber: +49 30 1234567',
        'pager: 555',
        '',
        'dn: cn=Nobody',
        'facsimiletelephonenumber: +49 30 7654321',
      ),
    );
    assert.deepEqual(records[0].read, { name: 'Fax Only' });
    // Named by its DN alone, it is an entry as `Fax Only` is: the answer says it was left out with nothing to invite.
    assert.deepEqual(records[1].read, { name: 'Nobody' });
    assert.deepEqual(records[1].entry, { name: 'Nobody' });
  });

  it("must read: a record whose attributes name no one by its DN's cn; not a cn that is an address, and not over a nickname", () => {
    const { records } = readLdifFile(
      ldif(
        'dn: cn=Ann Lee,mail=ann@example.com',
        'objectclass: inetOrgPerson',
        'mail: ann@example.com',
        '',
        'dn: cn=ben@example.com,mail=ben@example.com',
        'mail: ben@example.com',
        '',
        'dn: cn=Carl Ray,mail=ace@example.com',
        'mozillaNickname: Ace',
        'mail: ace@example.com',
        '',
        'dn: cn=Dora Fox,mail=dora@example.com',
        'cn: Dorothea Fox',
        'mail: dora@example.com',
      ),
    );
    assert.deepEqual(
      records.map((r) => r.read.name),
      ['Ann Lee', undefined, 'Ace', 'Dorothea Fox'],
    );
    assert.deepEqual(records[0].entry, { name: 'Ann Lee', emails: ['ann@example.com'] });
  });

  it('must read: an empty record (a dn and object classes alone) as `{}` at its own position, and `attr:< url` is not fetched', () => {
    const { records } = readLdifFile(
      ldif(
        'dn: cn=Ann',
        'cn: Ann',
        '',
        'dn: ou=people,dc=example,dc=com',
        'objectclass: organizationalUnit',
        'jpegPhoto:< file:///tmp/ann.jpg',
        '',
        'dn: cn=Ben',
        'cn: Ben',
      ),
    );
    assert.deepEqual(
      records.map((r) => r.read),
      [{ name: 'Ann' }, {}, { name: 'Ben' }],
    );
    assert.equal(records[1].entry, null);
  });

  it('must read: names as Thunderbird writes them: an address as its display name is no name, a sorted one in natural order, given and family names alone, a nickname alone', () => {
    const { records } = readLdifFile(
      ldif(
        'dn: cn=ann@example.com,mail=ann@example.com',
        'cn: ann@example.com',
        'mail: ann@example.com',
        '',
        'dn: cn=Lee\\, Ann,mail=ann.lee@example.com',
        'cn: Lee, Ann',
        'givenName: Ann',
        'sn: Lee',
        '',
        'dn: mail=ben@example.com',
        'givenName: Ben',
        'sn: Ray',
        '',
        'dn: mail=ace@example.com',
        'mozillaNickname: Ace',
        'displayName: ',
      ),
    );
    assert.deepEqual(
      records.map((r) => r.read.name),
      [undefined, 'Ann Lee', 'Ben Ray', 'Ace'],
    );
  });

  it('must read: a group record (objectclass groupOfNames) as no person; its members that are no record of the file are entries of their own', () => {
    const { records } = readLdifFile(THUNDERBIRD);
    assert.deepEqual(records[2].read, {});
    assert.equal(records[2].entry, null);
    assert.deepEqual(records[2].notes, ['group']);
    // Ann and Jörg are records of the file (a Thunderbird list's members are cards of the book): they add no one.
    assert.deepEqual(records[2].members, [{ name: 'Cleo Park', emails: ['cleo@example.org'] }]);

    const file = readContactsFile(Buffer.from(THUNDERBIRD));
    assert.equal(file.format, 'ldif');
    assert.equal(file.sourceType, null);
    assert.deepEqual(
      file.entries.map((e) => e.name ?? null),
      ['Ann Lee', 'Jörg Schröder', null, 'Cleo Park'],
    );
    assert.equal(file.usable, 3);
    assert.equal(file.warnings.length, 1);
    assert.equal(file.warnings[0].field, 'body');
    assert.deepEqual(file.warnings[0].indexes, [2]);
    assert.match(
      file.warnings[0].message,
      /^LDIF group records \(objectclass groupOfNames: a mailing list\): a list is no person, left out as nothing_to_invite/,
    );
  });

  it('must read: a DN as RFC 4514 writes it (escapes, hex escapes), and an unescaped comma of a sorted name', () => {
    assert.deepEqual(dnParts('cn=Lee\\, Ann,mail=ann@example.com'), [
      ['cn', 'Lee, Ann'],
      ['mail', 'ann@example.com'],
    ]);
    assert.deepEqual(dnParts('CN=J\\C3\\B6rg,mail=j@example.de'), [
      ['cn', 'Jörg'],
      ['mail', 'j@example.de'],
    ]);
    assert.deepEqual(dnParts('cn=Lee, Ann,mail=ann@example.com'), [
      ['cn', 'Lee, Ann'],
      ['mail', 'ann@example.com'],
    ]);
    assert.deepEqual(dnParts('cn="Lee, Ann",o=Acme'), [
      ['cn', 'Lee, Ann'],
      ['o', 'Acme'],
    ]);
  });

  it('must not read: a change record (changetype: modify) as an entry; it is `{}`, named in the warnings', () => {
    const text = ldif('dn: cn=Ann', 'cn: Ann', 'mail: ann@x.com', '', 'dn: cn=Ben', 'changetype: modify', 'replace: mail', 'mail: ben@x.com', '-', '');
    const file = readContactsFile(Buffer.from(text));
    assert.deepEqual(file.entries, [{ name: 'Ann', emails: ['ann@x.com'] }, {}]);
    assert.match(file.warnings[0].message, /^LDIF records not read \(an LDIF change record, not an entry\)/);
    assert.throws(
      () => readContactsFile(Buffer.from(ldif('dn: cn=Ben', 'changetype: delete'))),
      (e: unknown) => e instanceof FileRefused && e.message === 'holds no contact that could be read (records not read: an LDIF change record, not an entry)',
    );
  });

  it("must skip: ldapsearch's comments and its search/result trailer, which are no records", () => {
    const text = [
      '# extended LDIF',
      '#',
      '# LDAPv3',
      '',
      '# ann, people, example.com',
      'dn: uid=ann,ou=people,dc=example,dc=com',
      'cn: Ann Lee',
      'mail: ann@example.com',
      '',
      '# search result',
      'search: 2',
      'result: 0 Success',
      '',
      '# numResponses: 2',
      '',
    ].join('\n');
    assert.equal(guessFormat(text), 'ldif');
    assert.deepEqual(readContactsFile(Buffer.from(text)).entries, [{ name: 'Ann Lee', emails: ['ann@example.com'] }]);
  });

  it('must read: a file whose values are not UTF-8 (a windows-1252 export) as its bytes say, and name U+FFFD', () => {
    const bytes = Buffer.from('dn: cn=J\xf6rg\r\ncn: J\xf6rg M\xfcller\r\nmail: j@example.de\r\n', 'latin1');
    assert.deepEqual(readContactsFile(bytes).entries, [{ name: 'Jörg Müller', emails: ['j@example.de'] }]);
    const lost = readContactsFile(Buffer.from(ldif('dn: cn=x', 'cn: J\uFFFDrg', 'mail: j@example.de')));
    assert.match(lost.warnings[0].message, /^LDIF records holding characters that could not be decoded/);
  });
});

describe('LDIF in readContactsFile', () => {
  it('must guess: a body whose first line that is no comment is dn:, or version: 1 then dn:, is LDIF; nothing else is', () => {
    for (const text of [
      THUNDERBIRD,
      `\uFEFF${THUNDERBIRD}`,
      `version: 1\n\ndn: cn=a\ncn: a\n`,
      `# c\nversion: 1\ndn:: Y249YQ==\ncn: a\n`,
      '\r\n\r\ndn: cn=a\ncn: a\n',
    ]) {
      assert.equal(isLdif(text), true, JSON.stringify(text.slice(0, 30)));
      assert.equal(guessFormat(text), 'ldif');
    }
    for (const text of [
      'Name,Email\nAnn,ann@x.com\n',
      'BEGIN:VCARD\nFN:Ann\nEND:VCARD\n',
      'version: 1\ncn: a\n',
      'version: 2\ndn: cn=a\n',
      'dnx: a\n',
      'Display Name,dn: x\n',
    ]) {
      assert.equal(isLdif(text), false, JSON.stringify(text.slice(0, 30)));
    }
  });

  it('must refuse: an LDIF file sent as a CSV or a vCard says what it is; one sent as LDIF is read; a vCard or CSV sent as LDIF is named', () => {
    for (const declared of ['csv', 'vcard'] as const) {
      assert.equal(contradictedFormat(THUNDERBIRD, declared), 'ldif');
      try {
        readContactsFile(Buffer.from(THUNDERBIRD), { format: declared });
        assert.fail('read');
      } catch (e) {
        assert.ok(e instanceof FormatContradicted);
        assert.equal(e.is, 'ldif');
        assert.equal(e.message, `is an LDIF file (its first record begins dn:), not ${declared === 'csv' ? 'a CSV' : 'a vCard'}`);
        assert.equal(
          formatRefusal(e, declared),
          `is ${declared}, but the body is an LDIF file (its first record begins dn:), not ${declared === 'csv' ? 'a CSV' : 'a vCard'}: send format=ldif or leave format out`,
        );
      }
    }
    assert.equal(readContactsFile(Buffer.from(THUNDERBIRD), { format: 'ldif' }).entries.length, 4);
    assert.equal(contradictedFormat('BEGIN:VCARD\r\nFN:Ann\r\nEND:VCARD\r\n', 'ldif'), 'vcard');
    assert.equal(contradictedFormat('Name,Email\r\nAnn,ann@x.com\r\n', 'ldif'), 'csv');
    assert.equal(new FormatContradicted('ldif', 'vcard').message, 'is a vCard (it begins BEGIN:VCARD), not an LDIF file');
  });

  it('must refuse: an LDIF file holding no person (a list of no one, object classes alone) holds no contact', () => {
    assert.throws(
      () => readContactsFile(Buffer.from(ldif('version: 1', 'dn: ou=people', 'objectclass: organizationalUnit'))),
      (e: unknown) => e instanceof FileRefused && e.message === 'holds no contact that could be read',
    );
  });

  it('kith import: a .ldif file (or --format ldif) is one address book, read as the file route reads it', async () => {
    assert.equal(formatOf('book.ldif'), 'ldif');
    assert.equal(formatOf('book.txt', 'LDIF'), 'ldif');
    const dir = mkdtempSync(join(tmpdir(), 'kith-ldif-'));
    try {
      const path = join(dir, 'book.ldif');
      writeFileSync(path, THUNDERBIRD);
      const input = await openInput(path, 'ldif', { userId: 'u1' });
      assert.equal(input.entries, 4);
      assert.equal(input.skipped, 1);
      // Misnamed, it is refused with the format to pass.
      const csvPath = join(dir, 'book.csv');
      writeFileSync(csvPath, THUNDERBIRD);
      await assert.rejects(openInput(csvPath, 'csv', { userId: 'u1' }), {
        message: 'the file is an LDIF file (its first record begins dn:), not a CSV: pass --format ldif (or name it .ldif)',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
