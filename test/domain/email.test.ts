import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normalizeEmail } from '../../src/domain/email.ts';

test('trims, keeps the uploaded form for display, lower-cases the key', () => {
  const e = normalizeEmail('  John.Smith@Example.COM ');
  assert.ok(e);
  assert.equal(e.display, 'John.Smith@Example.COM');
  assert.equal(e.key, 'john.smith@example.com');
  assert.equal(e.domain, 'example.com');
  assert.equal(e.junk, null);
  assert.equal(e.role, false);
});

test('rejects what is not an address', () => {
  for (const bad of ['', '   ', 'john', 'john@', '@example.com', 'john smith@example.com', 'john@example', 'a..b@example.com',
    '.a@example.com', 'a.@example.com', 'john@-example.com', 'john@example.c0m', 'john@[192.168.0.1]', 'john@exa mple.com',
    'x'.repeat(65) + '@example.com', 'john@example..com']) {
    assert.equal(normalizeEmail(bad), null, bad);
  }
});

test('extracts the address from "Name <addr>" and mailto: forms', () => {
  assert.equal(normalizeEmail('John Smith <John@Example.com>')?.display, 'John@Example.com');
  assert.equal(normalizeEmail('mailto:john@example.com?subject=hi')?.key, 'john@example.com');
  assert.equal(normalizeEmail('john@example.com.')?.key, 'john@example.com');
});

test('gmail: dots and +tags ignored, googlemail.com is gmail.com', () => {
  const keys = ['john.smith@gmail.com', 'JohnSmith+news@gmail.com', 'j.o.h.n.smith@googlemail.com', 'johnsmith@GMAIL.com'].map(
    (s) => normalizeEmail(s)?.key,
  );
  assert.deepEqual(new Set(keys), new Set(['johnsmith@gmail.com']));
  assert.equal(normalizeEmail('j.smith@googlemail.com')?.domain, 'gmail.com');
});

test('+tag stripped only where the provider documents it; dots kept there', () => {
  assert.equal(normalizeEmail('ann+shop@outlook.com')?.key, 'ann@outlook.com');
  assert.equal(normalizeEmail('ann.lee+x@fastmail.com')?.key, 'ann.lee@fastmail.com');
  assert.equal(normalizeEmail('ann+x@proton.me')?.key, 'ann@proton.me');
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
