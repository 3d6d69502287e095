/**
 * Cards read from their name and their address together (src/domain/sender-cards.ts, issue #12): group
 * mailboxes the owner writes to, and brands named on their own domain's card, rank after the people
 * (Contact.sender); a brand from its own sending host and mailbox, received only, is a bulk sender. Every
 * must-shift and must-drop case has its look-alike people beside it, who rank as they score.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { brandHostOf } from '../../src/domain/junk.ts';
import { mergeEntries } from '../../src/domain/merge.ts';
import { normalizeEntry } from '../../src/domain/normalize.ts';
import type { EntryInput } from '../../src/domain/types.ts';

const ctx = { region: 'US' as const, sourceKey: 'gmail:-' };
const RECEIVED = '2026-01-05T10:00:00Z';

/** How one card comes out: left out (its reason), kept after the people (`shift`), or kept where it scores (`keep`). */
function reading(name: string | null, email: string, extra: Partial<EntryInput> = {}): string {
  const [c] = mergeEntries([normalizeEntry({ name, email, last_message_received_date: RECEIVED, ...extra }, ctx)]);
  if (c!.junk) return c!.junkReason!;
  return c!.sender === true ? 'shift' : 'keep';
}
const WROTE = { times_contacted: 4, last_message_sent_date: '2026-01-02T10:00:00Z' };

test('group mailboxes the owner writes to stay in the list, after the people (the sender shift)', () => {
  for (const [name, email] of [
    ['Marketing Team', 'mkt-team@corp.com'],
    ['IT Helpdesk', 'it-helpdesk@corp.com'],
    ['DL-Finance-Approvals', 'dl-finance-approvals@corp.com'],
    ['NYC Office', 'nyc-office@corp.com'],
    ['Project Phoenix', 'phoenix-core@corp.com'],
    ['All Employees', 'all.employees@corp.com'],
    ['Sales - EMEA', 'sales-emea@corp.com'],
    ['#team-platform', 'team-platform@corp.com'],
    // single words: the mailbox agrees with the name
    ['Leadership', 'leadership@corp.com'],
    ['Engineering', 'eng@corp.com'],
    ['Everyone', 'everyone@corp.com'],
    // no name: the mailbox's shape alone
    [null, 'dl-finance-approvals@corp.com'],
    [null, 'mkt-team@corp.com'],
  ] as const) {
    assert.equal(reading(name, email, WROTE), 'shift', `${name} <${email}>`);
  }
});

test('a group mailbox received only is ranked after the people, not left out, unless it is a role address', () => {
  assert.equal(reading('IT Helpdesk', 'it-helpdesk@corp.com'), 'shift');
  assert.equal(reading('DL-Finance-Approvals', 'dl-finance-approvals@corp.com'), 'shift');
  assert.equal(reading('Project Phoenix', 'phoenix-core@corp.com'), 'shift');
  // a role address (all.employees is on the role list) and a sender's name (junk.ts senderName: both words
  // are a sender's) were bulk senders before, and still are
  assert.equal(reading('All Employees', 'all.employees@corp.com'), 'bulk_sender');
  assert.equal(reading('Marketing Team', 'mkt-team@corp.com'), 'bulk_sender');
});

test('must keep: people whose names or mailboxes hold a group word rank as they score', () => {
  for (const [name, email] of [
    // a given name among the name's words
    ['Bill Team', 'bill.team@corp.com'],
    // List and Staff are family names
    ['Anna List', 'anna.list@firm.de'],
    ['Friedrich List', 'friedrich_list@firm.de'],
    ['Maria Staff', 'maria.staff@corp.com'],
    // dl. as initials
    ['DL Smith', 'dl.smith@corp.com'],
    [null, 'dl.smith@corp.com'],
    // a title and a name, a role word that is a given name, Md for Muhammad
    ['Pastor Jones', 'pastor.jones@church.org'],
    ['Coach Dave', 'coach.dave@club.org'],
    ['Dev Patel', 'dev.patel@corp.com'],
    ['Md Rahman', 'md.rahman@corp.com'],
    // a person's mailbox under a group's name or note
    ['Kasia Nowak (Sales Team)', 'kasia.nowak@corp.com'],
    ['Marketing Team', 'jane.doe@corp.com'],
    ['Engineering', 'john@corp.com'],
    ['Rita Office', 'rita@office-rita.com'],
    ['Phoenix Team', 'phoenix@corp.com'],
    ['Ann Lee', 'ann.lee@corp.com'],
    // one-person businesses the owner writes to, at a desk of their own
    ['Studio Lumen', 'hello@studiolumen.com'],
    ['Maria', 'hello@mariaphotography.com'],
    ['Jane Smith', 'info@janesmith.example'],
    ['Mama', 'mail@familie-mueller.de'],
  ] as const) {
    assert.equal(reading(name, email, WROTE), 'keep', `${name} <${email}>`);
  }
  // at a webmail provider a handle is a person's
  assert.equal(reading('Chess Team', 'chess-team@gmail.com', WROTE), 'keep');
});

test("brands named on their own domain, received only: after the people, never left out (a family's mail domain looks the same)", () => {
  for (const [name, email] of [
    ['Peloton', 'peloton@email.onepeloton.com'],
    ['Hulu', 'hulu@hulumail.com'],
    ['Zelle', 'zelle@zellepay.com'],
    ['CVS Pharmacy', 'CVSPharmacy@pharmacy.cvs.com'],
    ['Marriott Bonvoy', 'MarriottBonvoy@email-marriott.com'],
    ['The Home Depot', 'HomeDepotCustomerCare@email.homedepot.com'],
    // A review: people of a family's or a one-person firm's domain read the same, and were left out.
    ['Jones', 'jones@jonesmail.net'],
    ['Lopez', 'lopez@lopezhq.com'],
    ['Kowalski', 'kowalski@mail-kowalski.pl'],
    ['Lee Design', 'leedesign@mail.lee.com'],
  ] as const) {
    assert.equal(reading(name, email), 'shift', `${name} <${email}>`);
  }
  for (const [name, email] of [
    // a host of no sending name, a brand and product from the bare domain, initials, the start of the label
    ['Pinterest', 'pinbot@explore.pinterest.com'],
    ['Ally Bank', 'ally@ally.com'],
    ['The New York Times', 'nytdirect@nytimes.com'],
    ['Verizon', 'VZWMail@ecrmemail.verizonwireless.com'],
    // in doubt (a family name at its firm, a surname on a marketing-prefixed domain): shifted, never left out
    ['Suzuki', 'taro@global.suzuki.co.jp'],
    ['Moss', 'sarah@getmoss.com'],
  ] as const) {
    assert.equal(reading(name, email), 'shift', `${name} <${email}>`);
  }
});

test('a brand named in its own script, or its two words run together as its mailbox on its own domain, received only: after the people (a probe found each first of a book)', () => {
  for (const [name, email] of [
    ['쿠팡', 'coupang@coupang.com'],
    ['メルカリ', 'mercari@mercari.jp'],
    ['Авито', 'avito@avito.ru'],
    ['Mercado Livre', 'mercadolivre@mercadolivre.com.br'],
    // Its letters cannot be compared with the address's: a family name in its script on the family's domain
    // reads the same, shifted and never left out.
    ['Иванов', 'ivanov@ivanov.ru'],
    // Trade-off: so does a person of a given name the nickname groups lack, their full name run together as
    // the mailbox of their own domain (a personal brand's newsletter has the same shape).
    ['Zoe Quill', 'zoequill@zoequill.com'],
  ] as const) {
    assert.equal(reading(name, email), 'shift', `${name} <${email}>`);
    assert.equal(reading(name, email, WROTE), 'keep', `${name} <${email}> written to`);
  }
  // Must keep: a person's own mailbox on the domain, a name in two words, a webmail mailbox, a person's name
  // run together on their own domain.
  for (const [name, email] of [
    ['山田', 'taro@yamada.jp'],
    ['山田 太郎', 'yamada@yamada-taro.jp'],
    ['Иван', 'ivanov@mail.ru'],
    ['Zoe Quill', 'zoe@zoequill.com'],
    ['Ann Lee', 'annlee@annlee.co.uk'],
  ] as const) {
    assert.equal(reading(name, email), 'keep', `${name} <${email}>`);
  }
});

test('a firm named by its industry at a domain that does not spell it, or a brand in capitals on its own mailbox, received only: after the people (a probe found each above them)', () => {
  for (const [name, email] of [
    ['Turkish Airlines', 'turkishairlines@thy.com'],
    ['Pegasus Hava Yolları', 'pegasus@flypgs.com'],
    ['Garanti Bankası', 'garanti@garantibbva.com.tr'],
    ['Allianz Versicherung', 'vertrag@allianz.de'],
    ['OLX', 'olx@olx.pl'],
    ['N26', 'n26@n26.com'],
    // The Arabic article is no given name (`Al` is Albert's short form too).
    ['Al Jazeera', 'aljazeera@aljazeera.net'],
    ['El Corte Inglés', 'elcorteingles@elcorteingles.es'],
    ['Al Rajhi Bankası', 'alrajhi@alrajhibank.com.sa'],
  ] as const) {
    assert.equal(reading(name, email), 'shift', `${name} <${email}>`);
    assert.equal(reading(name, email, WROTE), 'keep', `${name} <${email}> written to`);
  }
  // Must keep: a person whose family name is an industry's word beside a given name (`Jan Bank`), an
  // industry's word at a webmail mailbox, a name in capitals that is no mailbox of its bare domain or is a
  // given name, and a person's name in capitals at their firm's.
  for (const [name, email] of [
    ['Jan Bank', 'jan.bank@firma.nl'],
    ['Hotels Team', 'hotelsteam@gmail.com'],
    ['OLX', 'olx.fan@gmail.com'],
    ['ANA', 'ana@ana.com'],
    ['JOHN', 'john@corp.com'],
    ['Al Smith', 'al@alsmith.com'],
    ['Al', 'al@alrajhibank.com.sa'],
    // `Bank` and `Banco` are family names too (a review: Danish `Mette Bank` at her own firm's), and a
    // person's mailbox of their own domain holds more than the name (`jens1@jens.de`).
    ['Mette Bank', 'mette@bankarkitekter.dk'],
    ['Lucía Banco', 'lucia@estudio.es'],
    ['Jens', 'jens1@jens.de'],
    ['Ravi', 'ravi007@ravi.in'],
  ] as const) {
    assert.equal(reading(name, email), 'keep', `${name} <${email}>`);
  }
});

test('brand-shaped cards the owner wrote to or starred rank as they score (a review: `Brown <jim@brownfamily.org>`, `Garcia <luis@garcialaw.com>` written to were ranked below the rest)', () => {
  for (const [name, email] of [
    ['Peloton', 'peloton@email.onepeloton.com'],
    ['Hulu', 'hulu@hulumail.com'],
    ['Brown', 'jim@brownfamily.org'],
    ['Garcia', 'luis@garcialaw.com'],
    ['Nakamura', 'ken@nakamura-clinic.jp'],
  ] as const) {
    assert.equal(reading(name, email, WROTE), 'keep', `${name} <${email}>`);
    assert.equal(reading(name, email, { is_favorite: 1 }), 'keep', `${name} <${email}> starred`);
  }
});

test('must keep: people at domains of their own name, received only, rank as they score', () => {
  for (const [name, email] of [
    ['Jane Doe', 'jane@janedoe.com'],
    ['Mark Peloton', 'mark@peloton.dev'],
    ['James Clear', 'james@jamesclear.com'],
    ['Ann Lee', 'annlee@annlee.co.uk'],
    ['Tom Ford', 'tom@tomford.com'],
    ['Nina', 'ninabooks@nina.com'],
    ['Mario', 'mario@marioshop.it'],
    ['Honda', 'k.honda@e.honda.com'],
    ['Weber Anna', 'weberanna@weber.de'],
    ['Weber Anna', 'anna@weber.de'],
    ['Wei Ming Zhang', 'wei@wmzhang.com'],
    ['Hiro Tanaka', 'hiro@tanakamail.jp'],
    ['Sarah Moss', 'sarah@getmoss.com'],
    ['Ryan Hoover', 'ryan@producthunt.com'],
    ['Jun Li', 'jun@junli.app'],
    ['Bill', 'bill@billmail.com'],
  ] as const) {
    assert.equal(reading(name, email), 'keep', `${name} <${email}>`);
  }
  // a number to call, or a second address, makes it a card the owner keeps
  const [c] = mergeEntries([
    normalizeEntry({ name: 'Hulu', emails: ['hulu@hulumail.com'], phones: ['+1 415 555 0199'], last_message_received_date: RECEIVED }, ctx),
  ]);
  assert.equal(c!.junk, false);
  assert.equal(c!.sender, undefined);
});

test('brandHostOf reads the brand of a label with its affixes, once per domain', () => {
  const cores = (d: string) => brandHostOf(d).cores.map((c) => `${c.core}:${c.affix}`);
  assert.deepEqual(cores('email-marriott.com'), ['emailmarriott:none', 'marriott:service']);
  assert.deepEqual(cores('hulumail.com'), ['hulumail:none', 'hulu:service']);
  assert.deepEqual(cores('email.onepeloton.com'), ['onepeloton:none', 'peloton:brand']);
  assert.deepEqual(cores('cvs.com'), ['cvs:none']);
  assert.deepEqual(cores('go.jp'), []);
  assert.equal(brandHostOf('explore.pinterest.com').sending, false);
  assert.equal(brandHostOf('email.homedepot.com').sending, true);
  assert.equal(brandHostOf('gmail.com').personal, true);
  assert.equal(brandHostOf('alumni.brown.edu').personal, true);
  assert.equal(brandHostOf('email.onepeloton.com'), brandHostOf('email.onepeloton.com'));
});

test('service senders received only (a probe of a Gmail book): after the people, never left out', () => {
  for (const [name, email] of [
    // a service's word last, the mailbox its abbreviation; at a webmail provider, the provider's own service
    ['Naver Pay', 'navpay@naver.com'],
    ['WeChat Pay', 'wxpay@tencent.com'],
    ['NHS App', 'nhsapp@notifications.service.gov.uk'],
    ['NYT Cooking', 'nytcooking@nytimes.com'],
    // a service's sending host: the name run together, or the brand's own mailbox starting the label
    ['American Express', 'AmericanExpress@welcome.aexp.com'],
    ['PlayStation', 'Sony@email.sonyentertainmentnetwork.com'],
    ['AT&T', 'att-services.cn.12345@emaildl.att-mail.com'],
    // one word of parts run together, one a letter
    ['M-Pesa', 'mpesa@safaricom.co.ke'],
    // transactional words run together, a German joint `s` between
    ['Deutsche Bahn', 'buchungsbestaetigung@bahn.de'],
    [null, 'buchungsbestaetigung@bahn.de'],
    ['Rechnungsversand', 'rechnungsversand@stadtwerke.de'],
  ] as const) {
    assert.equal(reading(name, email), 'shift', `${name} <${email}>`);
    // written to or starred, it ranks as it scores
    assert.equal(reading(name, email, WROTE), 'keep', `${name} <${email}> written to`);
    assert.equal(reading(name, email, { is_favorite: 1 }), 'keep', `${name} <${email}> starred`);
  }
});

test('must keep: people shaped like the service senders, received only, rank as they score', () => {
  for (const [name, email] of [
    ['Maria Jones', 'maria@jonesfamily.net'],
    ['Jones', 'jones@jonesfamily.net'],
    ['Kenji Sato', 'kenji.sato@gmail.com'],
    ['Kenji Sato', 'kenjisato@gmail.com'],
    // one-person firms and first names at firms (the trade-off that leaves `Comcast <comcast@xfinity.com>` as it scores)
    ['Anna', 'anna@studio.com'],
    ['Comcast', 'comcast@xfinity.com'],
    // a family name among the service's words, the name run together or an initial before it
    ['Ken Pay', 'kenpay@firm.com'],
    ['KEN PAY', 'kenpay@firm.com'],
    ['Johnny Cash', 'jcash@firm.com'],
    ['Tu Plus', 'tuplus@firm.vn'],
    // a handle at a webmail provider, not the provider's own service
    ['Kim Pay', 'kimpay@naver.com'],
    ['Bo Gaming', 'bogaming@gmail.com'],
    // staff mailboxes at a firm's mail host; a person's mailbox at a sending label under a public suffix
    ['Wei Zhang', 'weizhang@email.corp.cn'],
    ['Wei Zhang', 'weizhang@mail.corp.cn'],
    ['Wei Zhang', 'weizhang@corp.cn'],
    ['Keiko Tanaka', 'keiko@notifications.service.gov.uk'],
    // a name the words cannot read, on a firm's sending host spelling the mailbox
    ['山田花子', 'yamada@email.yamadagroup.co.jp'],
    // a name of two parts run together, none a letter; a firm's word that is no transaction
    ['Jean-Pierre', 'jeanpierre@firm.fr'],
    ['Al-Sayed', 'alsayed@firm.com'],
    ['Jan Kontor', 'jankontor@firm.de'],
    ['Li Na', 'lina@firm.cn'],
    // a person's mailbox with the name's words apart on a sending label, and staff at a country's host
    // (a probe: each ranked after every person)
    ['Jane Roe', 'jane.roe@news.bbc.co.uk'],
    ['Priya Iyer', 'priya.iyer@communications.example.com'],
    ['Wei Ling Tan', 'weiling.tan@sg.ibm.com'],
    ['Siti Rahman', 'sitirahman@sg.ibm.com'],
  ] as const) {
    assert.equal(reading(name, email), 'keep', `${name} <${email}>`);
  }
});

test('with no activity at all (a contacts file), brands named on their own domain are shifted, never left out; people and chosen cards rank as they score', () => {
  const none = (name: string, email: string, extra: Partial<EntryInput> = {}) => {
    const [c] = mergeEntries([normalizeEntry({ name, email, ...extra }, ctx)]);
    return c!.junk ? c!.junkReason! : c!.sender === true ? 'shift' : 'keep';
  };
  for (const [name, email] of [
    ['The New York Times', 'nytdirect@nytimes.com'],
    ['Peloton', 'peloton@email.onepeloton.com'],
    ['Marriott Bonvoy', 'MarriottBonvoy@email-marriott.com'],
    ['Pinterest', 'pinbot@explore.pinterest.com'],
  ] as const) {
    assert.equal(none(name, email), 'shift', `${name} <${email}>`);
    assert.equal(none(name, email, { is_favorite: 1 }), 'keep', `${name} <${email}> starred`);
    assert.equal(none(name, email, { times_contacted: 1 }), 'keep', `${name} <${email}> written to`);
  }
  for (const [name, email] of [
    ['Jane Doe', 'jane@janedoe.com'],
    ['Mark Peloton', 'mark@peloton.dev'],
    ['James Clear', 'james@jamesclear.com'],
    ['Tom Berg', 'tom.berg@acme.com'],
  ] as const) {
    assert.equal(none(name, email), 'keep', `${name} <${email}>`);
  }
});

test('a brand named on its bare domain from a mailbox holding none of the name, received only, ranks after the people (eval:top10)', () => {
  const ctx = { region: null, sourceKey: 's' };
  const received = '2026-10-01T10:00:00Z';
  const sender = (name: string, email: string, times = 0) =>
    mergeEntries([normalizeEntry({ name, emails: [email], times_contacted: times, last_message_received_date: received }, ctx)])[0]!.sender === true;
  assert.equal(sender('Qatar Airways', 'qrewards@qatarairways.com'), true);
  assert.equal(sender('UPS My Choice', 'mcinfo@ups.com'), true);
  // Written to: ranks as it scores.
  assert.equal(sender('Qatar Airways', 'qrewards@qatarairways.com', 1), false);
  // A person's own domain: the mailbox holds a word of the name, or a given name the nickname groups know.
  assert.equal(sender('Zoe Quill', 'zoe@zoequill.com'), false);
  assert.equal(sender('Jane Doe', 'hello@janedoe.com'), false);
  assert.equal(sender('Quill Zephyr', 'quill@quillzephyr.com'), false);
});

test('must keep: a person on a domain of their own name whose family name, the mailbox, is a role word; a brand of that shape is still a bulk sender', () => {
  // A probe: each left out as a bulk sender, received only, while `Peter Lang` from lang@peterlang.de was kept.
  for (const [name, email] of [
    ['Peter Post', 'post@peterpost.de'],
    ['Sam Press', 'press@sampress.co.uk'],
    ['Hans Mailer', 'mailer@mailer-familie.de'],
    ['Maria Sales', 'sales@mariasales.com.br'],
    ['Peter Lang', 'lang@peterlang.de'],
  ] as const) {
    assert.equal(reading(name, email), 'keep', `${name} <${email}>`);
  }
  for (const [name, email] of [
    ['Acme Sales', 'sales@acmesales.com'],
    ['Sales Team', 'sales@salesteam.com'],
    ['Peter Post', 'info@peterpost.de'],
    [null, 'post@peterpost.de'],
  ] as const) {
    assert.equal(reading(name, email), 'bulk_sender', `${name} <${email}>`);
  }
});

test("a room's or a bookable thing's mailbox (a calendar's resource), written to with every meeting in it, ranks after the people (probe)", () => {
  for (const [name, email] of [
    ['NYC-12-Boardroom (16) [Zoom]', 'nyc12boardroom@initech.example'],
    ['Building 5 - Room 2012 (10) AV', 'b5-2012@initech.example'],
    ['Conference Room A', 'conferencerooma@initech.example'],
    ['Raum Alster (8 Pers.)', 'raum.alster@initech.example'],
    ['Salle 204 (Eiffel)', 'salle204@initech.example'],
    ['Meeting Room 3.14', 'mr314@initech.example'],
    ['Projector Cart 2', 'projector2@initech.example'],
    ['Pool Car VW Golf', 'poolcar.golf@initech.example'],
    ['Zoom Room - Lisbon', 'zr-lisbon@initech.example'],
    ['Besprechungsraum 2.OG', 'br2og@initech.example'],
    ['会議室A', 'kaigishitsu-a@initech.example'],
  ] as const) {
    assert.equal(reading(name, email, WROTE), 'shift', name);
  }
  // People: a given name among the words, a room word not first or not a room's, a number to call, webmail.
  for (const [name, email, extra] of [
    ['Karen Room', 'karen.room@initech.example', {}],
    ['David Salle', 'dsalle@studio.example', {}],
    ['Marta Sala', 'marta.sala@studio.example', {}],
    ['Sala Roma', 'sala.roma@gmail.com', {}],
    // Family names and given names that are a room's word too (a review): `Last, First`, family name first.
    ['Sala, Marco', 'marco.sala@acme.example', {}],
    ['Sala Marco', 'marco.sala@acme.example', {}],
    ['Salle Eiffel', 'salle.eiffel@acme.example', {}],
    ['Zaal Kikvidze', 'zaal@geo-consult.example', {}],
    ['Todd Beamer', 'todd.beamer@acme.example', {}],
    ['Raum, Petra', 'petra.raum@acme.example', {}],
    ['Conference Room A', 'conferencerooma@initech.example', { phone: '+1 415 555 0100' }],
  ] as const) {
    assert.equal(reading(name, email, { ...WROTE, ...extra }), 'keep', name);
  }
});

test('a list of people by its name (`Class 3B Parents`, `Board of Directors`, `PTA`), written to often, ranks after the people; a person or a couple does not (probe)', () => {
  for (const [name, email] of [
    ['Class 3B Parents', 'parents-3b@stmarys-school.example'],
    ['U10 Soccer Team', 'u10team@hsc-fc.example'],
    ['Board of Directors', 'board@hoa-oakwood.example'],
    ['Neighbours', 'neighbours@oakwood-street.example'],
    ['PTA', 'pta@lincoln-elem.example'],
    ['Kita Sonnenschein Eltern', 'eltern@kita-sonnenschein.example'],
    ['Hope Street Choir Members', 'choir@hope-street.example'],
  ] as const) {
    assert.equal(reading(name, email, { ...WROTE, times_contacted: 30 }), 'shift', name);
  }
  for (const [name, email, extra] of [
    ['Bill Team', 'bill.team@corp.example', {}],
    ['Nguyen Parents', 'nguyenfamily@example.net', {}],
    ['Jean-François Parent', 'jf.parent@conseil.example', {}],
    ['Marie-Ève Parent', 'me.parent@conseil.example', {}],
    ['Kasia Nowak (Sales Team)', 'kasia.nowak@corp.example', {}],
    ['Smith Club', 'smith@club.example', {}],
    ['Class 3B Parents', 'parents-3b@stmarys-school.example', { phone: '+1 415 555 0100' }],
  ] as const) {
    assert.equal(reading(name, email, { ...WROTE, ...extra }), 'keep', name);
  }
});
