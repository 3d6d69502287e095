import { test } from 'node:test';
import assert from 'node:assert/strict';
import { classifyAddress, isBulkSender, isRoleLocal } from '../../src/domain/junk.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import type { BulkSignals } from '../../src/domain/junk.ts';

const cls = (addr: string) => {
  const at = addr.lastIndexOf('@');
  return classifyAddress(addr.slice(0, at).toLowerCase(), addr.slice(at + 1).toLowerCase());
};

test('no-reply senders, in their spellings and a few languages', () => {
  for (const a of ['noreply@example.com', 'no-reply@example.com', 'no_reply@x.io', 'do-not-reply@bank.com', 'DoNotReply@bank.com',
    'donotreply@x.com', 'alerts-noreply@google.com', 'noreply-123@x.com', 'ne-pas-repondre@sncf.fr', 'nao-responda@x.com.br',
    'noreply+abc@x.com', '12345+octocat@users.noreply.github.com', 'no.response@x.com']) {
    assert.equal(cls(a), 'no_reply', a);
  }
});

test('mailer-daemon and bounce handlers', () => {
  assert.equal(cls('MAILER-DAEMON@mx.example.com'), 'mailer_daemon');
  assert.equal(cls('postmaster@example.com'), 'mailer_daemon');
  for (const a of ['bounce@x.com', 'bounces+1234-abcd@em.x.com', 'bounce-77@x.com', 'prvs=1234abcd=john@x.com',
    'SRS0=abcd=XY=example.com=john@fwd.example.net', 'anything@bounces.example.com']) {
    assert.equal(cls(a), 'bounce', a);
  }
});

test('notification senders', () => {
  for (const a of ['notifications@github.com', 'notification@facebookmail.com', 'alerts@bank.com', 'newsletter@shop.com',
    'updates@linkedin.com', 'digest-weekly@x.com', 'anything@notifications.example.com', 'unsubscribe@x.com']) {
    assert.equal(cls(a), 'notification', a);
  }
});

test('reply relays and machine tokens', () => {
  for (const a of ['reply+AB12CD34EF56@reply.github.com', 'reply-9f8e7d6c5b@x.com', 'hidden@privaterelay.appleid.com',
    'abc@reply.example.com', '0100018c2f3a9b7d-1a2b3c4d@x.com', '1234567890123456789@x.com', 'reply-sasuoodngimqjthj@x.com',
    '258a96a70a0387170889-39d3da72@x.fr']) {
    assert.equal(cls(a), 'relay', a);
  }
});

test('listing and marketplace relays', () => {
  for (const a of ['abc123@sale.craigslist.org', 'jane.123456@guest.booking.com', 'xyz@marketplace.amazon.de', 'u1@members.ebay.com']) {
    assert.equal(cls(a), 'listing', a);
  }
});

test('bulk-mail platforms and disposable domains', () => {
  for (const a of ['x@amazonses.com', 'bounce@foo.mcsv.net', 'abc@cmail20.com', 'x@em.sendgrid.net', 'x@rsys5.net']) {
    assert.ok(['bulk_platform', 'bounce'].includes(cls(a) as string), a);
  }
  assert.equal(cls('x@amazonses.com'), 'bulk_platform');
  assert.equal(cls('tempuser@mailinator.com'), 'disposable');
  assert.equal(cls('tempuser@guerrillamail.com'), 'disposable');
});

test('must NOT flag real people, even with look-alike tokens', () => {
  for (const a of ['bruno.reply@example.com', 'noreen@example.com', 'anotifications@x.com', 'r.smith12345@example.com',
    'replyhazy@example.com', 'john.smith@gmail.com', 'alertson@x.com', 'jane@mozmail.com', 'jane@duck.com',
    'info@smallbakery.com', 'sales@acme.io', 'me@postmark.example', 'bouncer.bob@example.com', 'deadbeef@example.com',
    'li.na.wang2019@example.cn', 'josé.garcía@example.es', 'user@email.arizona.edu', 'john@mail.utoronto.ca']) {
    assert.equal(cls(a), null, a);
  }
});

test('role local parts come from the maintained list, +tag ignored', () => {
  assert.equal(isRoleLocal('info'), true);
  assert.equal(isRoleLocal('sales+eu'), true);
  assert.equal(isRoleLocal('john.smith'), false);
});

const base = (over: Partial<BulkSignals>): BulkSignals => ({
  emails: [normalizeEmail('hello@startup.io')!],
  phones: [],
  favorite: false,
  pinned: 0,
  timesContacted: null,
  lastSent: null,
  lastReceived: 1_700_000_000_000,
  ...over,
});

test('bulk sender: role-only address that sends and is never written to', () => {
  assert.equal(isBulkSender(base({})), true);
});

test('bulk sender must NOT drop a role address the user writes to, stars, pins, or can phone', () => {
  assert.equal(isBulkSender(base({ lastSent: 1_600_000_000_000 })), false);
  assert.equal(isBulkSender(base({ timesContacted: 3 })), false);
  assert.equal(isBulkSender(base({ favorite: true })), false);
  assert.equal(isBulkSender(base({ pinned: 2 })), false);
  assert.equal(isBulkSender(base({ phones: [{ display: '+12125551234', key: 'p:+12125551234' }] })), false);
  assert.equal(isBulkSender(base({ lastReceived: null })), false); // saved by hand, no traffic: keep
  assert.equal(isBulkSender(base({ sourceCount: 2 })), false); // saved in gmail and on the phone
  assert.equal(isBulkSender(base({ addressCount: 1 })), false); // has a postal address
});

test('bulk sender must NOT drop a person who only wrote to the user', () => {
  assert.equal(isBulkSender(base({ emails: [normalizeEmail('jane.doe@example.com')!] })), false);
  assert.equal(isBulkSender(base({ emails: [normalizeEmail('info@x.com')!, normalizeEmail('jane@x.com')!] })), false);
});
