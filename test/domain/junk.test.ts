import { describe, it, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { classifyAddress, classifyAddressSlow, isBulkSender, isRoleLocal } from '../../src/domain/junk.ts';
import { normalizeEmail } from '../../src/domain/email.ts';
import type { BulkSignals } from '../../src/domain/junk.ts';

const cls = (addr: string) => {
  const at = addr.lastIndexOf('@');
  return classifyAddress(addr.slice(0, at).toLowerCase(), addr.slice(at + 1).toLowerCase());
};

test('no-reply senders, in their spellings and a few languages', () => {
  for (const a of [
    'noreply@example.com',
    'no-reply@example.com',
    'no_reply@x.io',
    'do-not-reply@bank.com',
    'DoNotReply@bank.com',
    'donotreply@x.com',
    'alerts-noreply@google.com',
    'noreply-123@x.com',
    'ne-pas-repondre@sncf.fr',
    'nao-responda@x.com.br',
    'noreply+abc@x.com',
    '12345+octocat@users.noreply.github.com',
    'no.response@x.com',
  ]) {
    assert.equal(cls(a), 'no_reply', a);
  }
});

test('mailer-daemon and bounce handlers', () => {
  assert.equal(cls('MAILER-DAEMON@mx.example.com'), 'mailer_daemon');
  assert.equal(cls('postmaster@example.com'), 'mailer_daemon');
  for (const a of [
    'bounce@x.com',
    'bounces+1234-abcd@em.x.com',
    'bounce-77@x.com',
    'prvs=1234abcd=john@x.com',
    'SRS0=abcd=XY=example.com=john@fwd.example.net',
    'anything@bounces.example.com',
  ]) {
    assert.equal(cls(a), 'bounce', a);
  }
});

test('notification senders', () => {
  for (const a of [
    'notifications@github.com',
    'notification@facebookmail.com',
    'alerts@bank.com',
    'newsletter@shop.com',
    'updates@linkedin.com',
    'digest-weekly@x.com',
    'anything@notifications.example.com',
    'unsubscribe@x.com',
  ]) {
    assert.equal(cls(a), 'notification', a);
  }
});

test('reply relays and machine tokens', () => {
  for (const a of [
    'reply+AB12CD34EF56@reply.github.com',
    'reply-9f8e7d6c5b@x.com',
    'hidden@privaterelay.appleid.com',
    'abc@reply.example.com',
    '0100018c2f3a9b7d-1a2b3c4d@x.com',
    '1234567890123456789@x.com',
    'reply-sasuoodngimqjthj@x.com',
    '258a96a70a0387170889-39d3da72@x.fr',
  ]) {
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
  for (const a of [
    'bruno.reply@example.com',
    'noreen@example.com',
    'anotifications@x.com',
    'r.smith12345@example.com',
    'replyhazy@example.com',
    'john.smith@gmail.com',
    'alertson@x.com',
    'jane@mozmail.com',
    'jane@duck.com',
    'info@smallbakery.com',
    'sales@acme.io',
    'me@postmark.example',
    'bouncer.bob@example.com',
    'deadbeef@example.com',
    'li.na.wang2019@example.cn',
    'josé.garcía@example.es',
    'user@email.arizona.edu',
    'john@mail.utoronto.ca',
  ]) {
    assert.equal(cls(a), null, a);
  }
});

test('must NOT flag real people written in the unusual forms mail systems deliver (issue #12)', () => {
  for (const a of [
    'j..smith@corp.example',
    'taro.@docomo.ne.jp',
    'hana..yamada@ezweb.ne.jp',
    '.taro@softbank.ne.jp',
    '"john smith"@example.com',
    'josé@bücher.example',
    '太郎@例子.example',
    'ann+news@example.com',
    'mailto:ann@example.com;',
    'Ann Lee <ann.lee@example.com>,',
    '09012345678@docomo.ne.jp',
    'no.one.else@example.com',
    'nori.reply@example.com',
  ]) {
    const e = normalizeEmail(a);
    assert.ok(e, a);
    assert.equal(e.junk, null, a);
  }
  // ... while the junk kinds keep their unusual spellings junk.
  for (const [a, kind] of [
    ['no-reply.@shop.example', 'no_reply'],
    ['"noreply"@shop.example', 'no_reply'],
    ['mailto:no-reply@shop.example;', 'no_reply'],
    ['Shop <notifications@shop.example>', 'notification'],
  ] as const) {
    assert.equal(normalizeEmail(a)?.junk, kind, a);
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

// classifyAddress (domain facts cached per domain, local-part patterns run only when their first letter
// is there) must give exactly what the rules give one after the other (classifyAddressSlow).
describe('classifyAddress agrees with the rules applied one by one', () => {
  const WORDS = [
    'no',
    'reply',
    'replies',
    'noreply',
    'do',
    'not',
    'dont',
    'never',
    'ne',
    'pas',
    'repondre',
    'nao',
    'responda',
    'responder',
    'nicht',
    'antworten',
    'niet',
    'beantwoorden',
    'non',
    'rispondere',
    'nie',
    'odpowiadaj',
    'response',
    'respond',
    'answer',
    'mailer',
    'daemon',
    'postmaster',
    'mail',
    'delivery',
    'system',
    'subsystem',
    'bounce',
    'bounces',
    'bnc',
    'prvs',
    'msprvs1',
    'btv1',
    'srs0',
    'srs1',
    'notification',
    'notifications',
    'notify',
    'notifier',
    'alert',
    'alerts',
    'digest',
    'newsletter',
    'newsletters',
    'updates',
    'automated',
    'autoconfirm',
    'auto',
    'autoresponder',
    'unsubscribe',
    'relay',
    'info',
    'sales',
    'john',
    'bruno',
    'noreen',
    'anotifications',
    'x',
    '7',
    '2019',
    'deadbeefcafe',
    '0100018c2f3a9b7d',
    '1234567890123456',
    'abcdef0123456789abcd',
    'é',
    'José',
  ];
  const local = fc.oneof(
    fc
      .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
      .chain((ws) =>
        fc
          .array(fc.constantFrom('', '.', '-', '_', '+', '=', '==', '1'), { minLength: ws.length, maxLength: ws.length })
          .map((seps) => ws.map((w, i) => (i ? seps[i]! : '') + w).join('')),
      ),
    fc.stringMatching(/^[a-z0-9._+=-]{1,30}$/),
    fc.string({ maxLength: 20 }),
  );
  const DOMAINS = [
    'example.com',
    'reply.github.com',
    'replies.example.com',
    'relay.x.y',
    'users.noreply.github.com',
    'no-reply.x.com',
    'do-not-reply.x.com',
    'bounces.example.com',
    'bnc3.x.com',
    'notifications.x.com',
    'alerts.x.com',
    'mailings.x.com',
    'amazonses.com',
    'x.sendgrid.net',
    'cmail19.com',
    'createsend5.com',
    'rsys3.net',
    'sendibm1.com',
    'sendibt9.com',
    'sale.craigslist.org',
    'craigslist.org',
    'members.ebay.de',
    'marketplace.amazon.co.uk',
    'guest.booking.com',
    'privaterelay.appleid.com',
    'facebookmail.com',
    'mailinator.com',
    'a.mailinator.com',
    'guerrillamail.com',
    'gmail.com',
    'com',
    'x',
    '',
  ];
  const domain = fc.oneof(fc.constantFrom(...DOMAINS), fc.stringMatching(/^[a-z0-9.-]{1,25}$/));
  it('on generated local parts and domains', () => {
    fc.assert(
      fc.property(local, domain, (l, d) => {
        assert.equal(classifyAddress(l, d), classifyAddressSlow(l, d), `${l}@${d}`);
      }),
      { numRuns: 30_000, seed: 7 },
    );
  });
});
