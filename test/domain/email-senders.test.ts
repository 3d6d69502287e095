/**
 * Senders through the whole cleaning (normalizeEntry, mergeEntries): SRS forwarding addresses, brand
 * marketing senders and reply relays, with and without the owner's evidence.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const RECEIVED = '2026-01-05T10:00:00Z';

function clean(entries: EntryInput[]) {
  return mergeEntries(entries.map((e) => normalizeEntry(e, ctx)));
}

test('an SRS address the owner wrote to is kept, shown and keyed as the address it carries, and merges with it', () => {
  const [c, ...rest] = clean([
    { name: 'Ann Lee', email: 'SRS0=abcd=XY=x.example=ann@fwd.example.org', times_contacted: 2 },
    { name: 'Ann Lee', email: 'ann@x.example', last_message_received_date: RECEIVED },
  ]);
  assert.equal(rest.length, 0);
  assert.equal(c!.junk, false);
  assert.deepEqual(
    c!.emails.map((e) => e.display),
    ['ann@x.example'],
  );
  // Alone and never written to, it is the person all the same (nothing says it is a bulk sender).
  const [d] = clean([{ name: 'Ann Lee', email: 'SRS1=HHHH=fwd1.example==HHHH=TT=x.example=ann@fwd2.example', last_message_received_date: RECEIVED }]);
  assert.equal(d!.junk, false);
  assert.equal(d!.emails[0]!.display, 'ann@x.example');
});

test('brand marketing senders that only sent are left out as bulk_sender; written to, starred or saved twice they stay', () => {
  for (const email of ['target@em.target.com', 'DeltaAirLines@t.delta.com', 'onlinebanking@ealerts.bankofamerica.com', 'venmo@e.venmo.com']) {
    const [c] = clean([{ name: null, email, times_contacted: 0, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junkReason, 'bulk_sender', email);
    for (const evidence of [{ times_contacted: 2 }, { last_message_sent_date: '2025-12-01T00:00:00Z' }, { is_favorite: 1 }] as EntryInput[]) {
      const [k] = clean([{ name: 'Target', email, last_message_received_date: RECEIVED, ...evidence }]);
      assert.equal(k!.junk, false, `${email} ${JSON.stringify(evidence)}`);
    }
  }
  // Must keep: people who only wrote to the owner, at university mail subdomains and family domains.
  for (const email of ['john.doe@mail.mcgill.ca', 'jane@email.arizona.edu', 'john@smith.com', 'janedoe@doe.org', 'ann@acme.com']) {
    const [c] = clean([{ name: 'Jo Doe', email, times_contacted: 0, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junk, false, email);
  }
});

test('reply relays are left out as relay', () => {
  for (const email of ['reply@rs.email.nextdoor.com', 'reply+abc123@intercom-mail.com', 'reply@helpscout.net']) {
    const [c] = clean([{ name: 'Nextdoor', email, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junkReason, 'relay', email);
  }
});

test('an HTML-escaped or Markdown-linked address is the person', () => {
  for (const email of ['&lt;ann@x.example&gt;', 'ann&#64;x.example', 'Ann Lee &lt;ann@x.example&gt;', '[ann@x.example](mailto:ann@x.example)']) {
    const [c] = clean([{ name: 'Ann Lee', email, times_contacted: 1 }]);
    assert.equal(c!.junk, false, email);
    assert.equal(c!.emails[0]!.display, 'ann@x.example', email);
    assert.equal(c!.unusable, undefined, email);
  }
});

test('a card named by its brand and then a product or a desk, received only, is a bulk sender; people named family name first at a family firm stay', () => {
  // Generated inboxes (eval:top10) ranked each among the owner's people in small books.
  for (const [name, email] of [
    ['Uber Eats', 'ubereats@uber.com'],
    ['Microsoft Store', 'microsoftstore@e-mail.microsoft.com'],
    ['FedEx Delivery Manager', 'fedexdeliverymanager@fedex.com'],
    ['John Lewis & Partners', 'JohnLewis@email.johnlewis.co.uk'],
    ['LATAM Airlines', 'latam@info.latam.com'],
  ]) {
    const [c] = clean([{ name, email, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junkReason, 'bulk_sender', `${name} <${email}>`);
    // Written to, it stays.
    const [k] = clean([{ name, email, last_message_received_date: RECEIVED, times_contacted: 2 }]);
    assert.equal(k!.junk, false, `${name} <${email}> written to`);
  }
  // Must keep: the rest of the name in the mailbox, the brand beside an initial, given name first, a
  // family name and a given name run together (no product word), a university or a webmail domain.
  for (const [name, email] of [
    ['Suzuki Taro', 'taro@mail.suzuki.co.jp'],
    ['Toyota Ichiro', 'ichiro.toyota@mail.toyota.co.jp'],
    ['Honda Keiko', 'k.honda@e.honda.com'],
    ['Suzuki Taro', 't.suzuki@suzuki.co.jp'],
    ['Anna Weber', 'annaweber@weber.de'],
    ['Weber Anna', 'weberanna@weber.de'],
    ['Kim Minsu', 'minsu@news.kim.kr'],
    ['Brown Store', 'brownstore@brown.edu'],
    ['Gmail Store', 'gmailstore@gmail.com'],
    ['Weber, Anna', 'aw@mail.weber.de'],
    ['Kim Min-jun', 'kim.minjun@kim.co.kr'],
    ['Gómez Ana María', 'gomez.anamaria@gomez.es'],
    ['García', 'jose@garcia.es'],
  ]) {
    const [c] = clean([{ name, email, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junk, false, `${name} <${email}>`);
  }
});

test('a sender the owner wrote to stays, marked as reading as a sender; a person at a role mailbox or with a number is not marked', () => {
  const wrote = { times_contacted: 2, last_message_received_date: RECEIVED };
  // Must mark: a brand's or a desk's card kept on the owner's evidence.
  for (const [name, email] of [
    ['John Lewis & Partners', 'JohnLewis@email.johnlewis.co.uk'],
    ['[dev]', 'dev-list@alameda.org'],
    ['N26', 'hello@n26.com'],
    ['lakeside-running-club', 'running-club@lists.lakeside.org'],
    [null, 'info@bakery.example'],
    // A shop's orders desk in another language, and a brand's name with an umlaut its domain spells
    // without (eval:top10: each was replied to once and ranked among the owner's people).
    ['Hearth Shop', 'pedidos@hearth.co.uk'],
    [null, 'commandes@boutique-lune.fr'],
    ['BOHNENGLÜCK', 'hello@sg.bohnengluck.de'],
    ['Kaffeeglück', 'hallo@news.kaffeeglueck.de'],
    // Singular desks, a stroked letter its host writes plain (a review).
    [null, 'pedido@loja-sol.com.br'],
    [null, 'commande@boutique-lune.fr'],
    ['Smørrebrød', 'hello@news.smorrebrod.dk'],
    // A brand's own mailbox on its bare domain, no name or the brand's (eval:top10: replied to 4 times,
    // at #2 and #7 of small books): what brandOwnMailbox leaves out when received only.
    [null, 'venmo@venmo.com'],
    [null, 'ateliervert@ateliervert.com'],
    ['Venmo', 'venmo@venmo.com'],
    // A sender's name on a mailbox that is that name run together (eval:top10: replied to once, #10 of a book).
    ['FedEx Delivery Manager', 'fedexdeliverymanager@fedex.com'],
    ['Uber Eats', 'ubereats@uber.com'],
  ] as const) {
    const [c, ...rest] = clean([{ name, email, ...wrote }]);
    assert.equal(rest.length, 0);
    assert.equal(c!.junk, false, email);
    assert.equal(c!.sender, true, email);
  }
  // Must not mark: people, a person's or a household's name on a role mailbox (a review found them below
  // strangers), a sender's name on a person's mailbox, a brand card with a number to call.
  for (const e of [
    { name: 'Jane Smith', email: 'info@janesmith.example' },
    { name: 'Mama', email: 'mail@familie-mueller.de' },
    { name: 'Mom', email: 'contact@thejohnsons.net' },
    { name: '山田花子', email: 'info@yamada-hanako.jp' },
    { name: '김민준', email: 'contact@minjun-design.kr' },
    { name: 'Maria', email: 'hello@mariaphotography.com' },
    { name: 'Dave', email: 'info@davesplumbing.com' },
    { name: 'Mueller', email: 'hans@mueller.de' },
    { name: 'Sarah from Acme', email: 'sarah.jones@acme.com' },
    { name: 'Anna Weber', email: 'aw@mail.weber.de' },
    { name: 'Jo Doe', email: 'jo.doe@gmail.com' },
    { name: 'Hearth Shop', email: 'pedidos@hearth.co.uk', phones: ['+44 20 7946 0018'] },
    // An accented name on a person's own mailbox, or on a role mailbox of a domain that is not hers.
    { name: 'Jürgen Müller', email: 'juergen@mueller-bau.de' },
    { name: 'Zoë', email: 'hello@zoe-photo.com' },
    // People at a domain of their own name: a person's name, a mailbox with separators, a name of two parts.
    { name: 'Ann Lee', email: 'annlee@annlee.co.uk' },
    { name: 'Sarah Chen', email: 'sarah@sarahchen.com' },
    { name: null, email: 'jane.doe@janedoe.com' },
    { name: 'Jean-Pierre', email: 'jeanpierre@jeanpierre.fr' },
    { name: 'Venmo', email: 'venmo@venmo.com', phones: ['+1 415 555 0199'] },
    // People whose mailbox is their name run together, at a domain of their name or not.
    { name: 'Weber Anna', email: 'weberanna@weber.de' },
    { name: 'Anna Weber', email: 'annaweber@gmail.com' },
    { name: 'Kim Min-jun', email: 'kimminjun@kim.kr' },
  ] as EntryInput[]) {
    const [c] = clean([{ ...e, ...wrote }]);
    assert.equal(c!.junk, false, e.email as string);
    assert.equal(c!.sender, undefined, e.email as string);
  }
});

test('a reply relay of a collaboration tool is left out as relay whatever the owner did', () => {
  // A probe found both in a top 10: the Reply-To of a Docs comment, GitLab reply-by-email.
  for (const e of [
    { name: 'Ann Lee (Google Docs)', emails: ['d+AORGpRcq1wE2x9@docs.google.com'], times_contacted: 2 },
    { name: 'Ann Lee', emails: ['incoming+acme-web-4242-issue-17@incoming.gitlab.com'], times_contacted: 1 },
    { name: 'Ann Lee (Confluence)', emails: ['confluence@acme.atlassian.net'], times_contacted: 1 },
  ] as EntryInput[]) {
    const [c] = clean([e]);
    assert.equal(c!.junk, true, JSON.stringify(e));
    assert.equal(c!.junkReason, (e.emails as string[])[0]!.startsWith('confluence') ? 'notification' : 'relay', JSON.stringify(e));
  }
  // Must keep: the tool's people, written to.
  for (const email of ['jane@gitlab.com', 'ann.lee@google.com', 'ann@atlassian.com']) {
    const [c] = clean([{ name: 'Ann Lee', email, times_contacted: 1 }]);
    assert.equal(c!.junk, false, email);
  }
});

test('"A via B" from the address of B is the list or the service B relaying A: left out as relay', () => {
  // Mailman's and Google Groups' DMARC rewrite of a post's From, and a service sending for a person.
  for (const e of [
    { name: 'Jane Doe via Python-list', email: 'python-list@python.org', times_contacted: 3 },
    { name: 'Jane Doe via Python-list', email: 'python-list@python.org', last_message_received_date: RECEIVED },
    { name: 'Jane Doe via dev', email: 'dev@spark.apache.org', times_contacted: 1 },
    { name: "'Jane Doe' via Hiking Club", email: 'hiking-club@lists.example.org', times_contacted: 1 },
    { name: 'Bob Chen via Adobe Acrobat Sign', email: 'adobesign@adobesign.com', last_message_received_date: RECEIVED },
    { name: 'Bob Chen via Paperless Post', email: 'paperlesspost@paperlesspost.com', last_message_received_date: RECEIVED },
    { name: 'Ann Lee via Evite', email: 'info@mail.evite.com', times_contacted: 1 },
  ] as EntryInput[]) {
    const [c] = clean([e]);
    assert.equal(c!.junkReason, (e.email as string).startsWith('adobesign') ? 'notification' : 'relay', JSON.stringify(e));
  }
  // Must keep: Via as a family name, a person's own mailbox under a note, a person reached through a friend.
  for (const e of [
    { name: 'Maria Via', email: 'maria.via@gmail.com' },
    { name: 'Maria Via', email: 'via@via.example' },
    { name: 'Marco Via Rossi', email: 'rossi@rossi.example' },
    { name: 'Ann via phone', email: 'ann.lee@gmail.com' },
    { name: 'Ann Lee via Acme', email: 'ann.lee@acme.com' },
    { name: 'Tom via Acme', email: 't.smith@acme.com' },
    { name: 'Tom via Sarah', email: 'tom@smith.example' },
    { name: 'Dev Patel via dev', email: 'dev@patel.example' },
    // A review: people reached through someone (at webmail, starred, pinned), small letters, a practice or
    // a shop's branch on its street (Italian `via`) the owner writes to.
    { name: 'Lily via Emma', email: 'emma@gmail.com' },
    { name: 'Sam via Emma Jones', email: 'emma.jones@gmail.com' },
    { name: 'Anna Rossi (via Marco)', email: 'marco@gmail.com' },
    { name: 'Plumber via Mike', email: 'mike@example.net' },
    { name: 'marco via rossi', email: 'rossi@rossi.example' },
    { name: 'giulia via bianchi', email: 'bianchi@tiscali.it' },
    { name: 'Dr. Bianchi via Studio Medico', email: 'info@studiomedico.it' },
    { name: 'Marco via Hotel Roma', email: 'info@hotelroma.it' },
    { name: 'Farmacia Rossi via Dante', email: 'dante@farmaciarossi.it' },
  ] as EntryInput[]) {
    const [c] = clean([{ ...e, times_contacted: 2 }]);
    assert.equal(c!.junk, false, JSON.stringify(e));
  }
  // Starred or pinned is evidence too. A list's word alone written as a given name (`Dev`, a review) is a
  // person the owner uses, as `Lily via Emma` is.
  for (const e of [
    { name: 'Babysitter via Sarah Lee', email: 'sarah.lee@example.org', pinned: 1 },
    { name: 'Plumber via Mike', email: 'mike@example.net', is_favorite: 1 },
    { name: 'Riya via Dev', email: 'dev@sharma.family', times_contacted: 10, is_favorite: 1 },
    { name: 'Riya via Dev', email: 'dev@sharma.family', times_contacted: 1 },
  ] as EntryInput[]) {
    const [c] = clean([e]);
    assert.equal(c!.junk, false, JSON.stringify(e));
  }
  // A list named as one stays the list's when a word of the poster's name is in it; on a list host too.
  for (const e of [
    { name: 'Python Fan via Python-list', email: 'python-list@python.org', times_contacted: 2 },
    { name: 'Jo Smith via Smith Family', email: 'smithfamily@lists.example.org', times_contacted: 2 },
    { name: 'Riya via dev', email: 'dev@sharma.family', times_contacted: 2 },
    { name: 'Riya via Dev', email: 'dev@lists.sharma.family', times_contacted: 2 },
  ] as EntryInput[]) {
    const [c] = clean([e]);
    assert.equal(c!.junkReason, 'relay', JSON.stringify(e));
  }
});

test('a brand mailbox on the brand own bare domain, named as the brand or not at all, received only, is a bulk sender', () => {
  for (const [name, email] of [
    ['Naver', 'navermail@naver.com'],
    ['WhatsApp', 'whatsapp@whatsapp.com'],
    ['Venmo', 'venmo@venmo.com'],
    [null, 'venmo@venmo.com'],
    ['eBay', 'ebay@ebay.com'],
    // The brand and a product word run together (eval:top10: a nameless one at #10 of a book).
    [null, 'ubereats@uber.com'],
    [null, 'microsoftstore@microsoft.com'],
  ] as const) {
    const [c] = clean([{ name, email, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junkReason, 'bulk_sender', `${name} <${email}>`);
    for (const evidence of [{ times_contacted: 1 }, { is_favorite: 1 }, { last_message_sent_date: '2025-12-01T00:00:00Z' }] as EntryInput[]) {
      const [k] = clean([{ name, email, last_message_received_date: RECEIVED, ...evidence }]);
      assert.equal(k!.junk, false, `${name} <${email}> ${JSON.stringify(evidence)}`);
    }
  }
  // Must keep, received only: people at vanity domains named as people, a person at a family domain, a small
  // business with a number, a person at a mail provider.
  for (const e of [
    { name: 'Sarah Chen', email: 'sarah@sarahchen.com' },
    { name: 'John Smith', email: 'john@john.com' },
    { name: 'Jane Doe', email: 'janedoe@janedoe.com' },
    { name: 'Hans Mueller', email: 'mueller@mueller.de' },
    { name: 'Maria', email: 'maria.rossi@maria.it' },
    { name: 'Venmo', email: 'venmo@venmo.com', phones: ['+1 415 555 0199'] },
    { name: 'Ann Lee', email: 'annlee@annlee.co.uk' },
    { name: null, email: 'jane.doe@janedoe.com' },
    { name: null, email: 'brown@brown.edu' },
    { name: 'Maria', email: 'hello@maria-photo.example', phones: ['+1 415 555 0123'] },
    // A review: names of two parts joined, and a family name with a stroked letter that is no sender word.
    { name: 'Jean-Pierre', email: 'jeanpierre@jeanpierre.fr' },
    { name: 'Anne-Marie', email: 'annemarie@annemarie.fr' },
    { name: "O'Brien", email: 'obrien@obrien.ie' },
    { name: 'Hansen Støre', email: 'hansenstore@hansen.no' },
    // A person's names run together at a domain of one of them: no product word.
    { name: null, email: 'annaweber@anna.de' },
    { name: null, email: 'weberanna@weber.de' },
    // A given name and a product word under that name: her own shop (a review).
    { name: 'Nina', email: 'ninabooks@nina.com' },
  ] as EntryInput[]) {
    const [c] = clean([{ ...e, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junk, false, JSON.stringify(e));
  }
});

test("a brand's desk named after its own domain is a bulk sender when received only, whatever script the name is in", () => {
  // Must drop, received only: the domain's label and a sender's word joined by one separator, either way
  // round (a probe: `京东 <jd_service@jd.com>` and `ドコモ <docomo-info@docomo.ne.jp>` ranked among the people).
  for (const [name, email] of [
    ['京东', 'jd_service@jd.com'],
    ['ドコモ', 'docomo-info@docomo.ne.jp'],
    ['Acme', 'acme_service@acme.com'],
    [null, 'acme.news@acme.com'],
    ['Acme Support', 'support-acme@mail.acme.com'],
    ['Jane Smith', 'acme.info@acme.co.uk'],
  ] as const) {
    const [c] = clean([{ name, email, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junk, true, email);
    assert.equal(c!.junkReason, 'bulk_sender', email);
  }
  // Must keep: the same desk written to (a sender then, ranked after the people, never left out); a
  // household's `mail` mailbox; a person's two-word mailbox at a domain of their name; a desk of another
  // domain's name; a webmail handle; a university's; a desk with a number to call.
  for (const e of [
    { name: '京东', email: 'jd_service@jd.com', times_contacted: 1 },
    { name: 'Jones', email: 'jones.mail@jones.net' },
    { name: null, email: 'mail.jones@jones.net' },
    { name: 'Anna Weber', email: 'anna.weber@weber.de' },
    { name: 'Tom', email: 'tom.news@acme.com' },
    { name: 'Gmail fan', email: 'gmail.team@gmail.com' },
    { name: null, email: 'brown.news@brown.edu' },
    { name: 'Acme', email: 'acme_service@acme.com', phones: ['+1 415 555 0199'] },
  ] as EntryInput[]) {
    const [c] = clean([{ ...e, last_message_received_date: RECEIVED }]);
    assert.equal(c!.junk, false, JSON.stringify(e));
  }
});
