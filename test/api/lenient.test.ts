/**
 * Issue #12, "never lose a real person": forms the schema refuses but whose meaning is plain are read
 * (and named in meta.warnings), on the event loop and on a book worker alike, on every engine; what is
 * still ambiguous or wrong stays a 400 naming its field, and stores nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recleanBook } from '../../src/services/reclean.ts';
import { ENGINES, engineSkip } from '../helpers/engines.ts';
import { startApi, type TestApi } from '../helpers/api.ts';

type Row = { name: string | null; emails: string[]; phones: string[] };
type Warning = { field: string; message: string; count: number; indexes?: number[] };

let n = 0;
const userId = () => `lenient-${++n}`;

for (const engine of ENGINES) {
  describe(`lenient reading of uploads and records on ${engine}`, { skip: await engineSkip(engine) }, () => {
    let api: TestApi;
    let offload: TestApi;
    before(async () => {
      api = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '0' });
      offload = await startApi(engine, { LOG_LEVEL: 'warn', KITH_WORKERS: '1', KITH_OFFLOAD_BODY_BYTES: '0', KITH_OFFLOAD_BOOK_ENTRIES: '0' });
    });
    after(async () => {
      await api?.close();
      await offload?.close();
    });

    /** POSTs one entry (on the event loop, then on a worker); both answers must be 200 and alike. */
    async function accepted(entry: Record<string, unknown>, source: Record<string, unknown> = { phone: '+14155550100' }) {
      const out: { rows: Row[]; warnings: Warning[] }[] = [];
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', { user_id: userId(), source, entries: [{ name: 'Ann Lee', ...entry }] });
        assert.equal(r.status, 200, r.text);
        out.push({ rows: r.body.data, warnings: r.body.meta.warnings ?? [] });
      }
      assert.deepEqual(out[1], out[0], 'a worker reads it as the event loop does');
      return out[0];
    }

    /** POSTs one entry; both paths must refuse it naming `field`, and store nothing. */
    async function refused(entry: Record<string, unknown>, field: string) {
      for (const a of [api, offload]) {
        const user = userId();
        const r = await a.post('/v0/address-book', { user_id: user, source: {}, entries: [{ name: 'Ann', email: 'ann@example.com' }, entry] });
        assert.equal(r.status, 400, r.text);
        assert.equal(r.body.code, 'invalid_request');
        assert.deepEqual(
          r.body.details.map((d: { field: string }) => d.field),
          [field],
        );
        assert.match(r.body.error, new RegExp(`^Invalid request: ${field.replace(/[[\].]/g, '\\$&')} `));
        const get = await a.get(`/v0/address-book/${user}`);
        assert.equal(get.status, 404, 'a rejected upload stores nothing');
      }
    }

    it('accepts counts, flags and pins written loosely, and says so', async () => {
      const tc = await accepted({ email: 'ann@example.com', times_contacted: '3' });
      assert.deepEqual(tc.warnings, [
        {
          field: 'entries[].times_contacted',
          message: 'a number written as a string, read as that number (entries[0]: "3" as 3); send a JSON number',
          count: 1,
          indexes: [0],
        },
      ]);
      const pinned = await accepted({ email: 'ann@example.com', pinned: true });
      assert.equal(pinned.rows.length, 1);
      assert.deepEqual(
        pinned.warnings.map((w) => w.field),
        ['entries[].pinned'],
      );
      const pinnedText = await accepted({ email: 'ann@example.com', pinned: '2' });
      assert.deepEqual(
        pinnedText.warnings.map((w) => w.field),
        ['entries[].pinned'],
      );
      // Already documented forms: no warning.
      for (const fav of [true, '1', 1]) assert.deepEqual((await accepted({ email: 'ann@example.com', is_favorite: fav })).warnings, []);
      // A starred person with a loosely written count ranks like one sent properly.
      const a = await api.post('/v0/address-book', {
        user_id: userId(),
        source: {},
        entries: [
          { name: 'A', email: 'a@example.com', times_contacted: '40' },
          { name: 'B', email: 'b@example.com', times_contacted: 0 },
        ],
      });
      assert.equal(a.status, 200, a.text);
      assert.equal(a.body.data[0].name, 'A');
    });

    it('accepts phones as JSON numbers, and e-mails and phones as objects or single values', async () => {
      const num = await accepted({ phones: [4155550123], phone: 4155550124 });
      assert.deepEqual(num.rows[0].phones.sort(), ['+14155550123', '+14155550124']);
      assert.deepEqual(num.warnings.map((w) => w.field).sort(), ['entries[].phone', 'entries[].phones']);
      assert.match(num.warnings[0].message, /JSON number, read as its digits/);

      const objects = await accepted({
        emails: [{ value: 'ann@example.com', type: 'work' }, { address: 'ann.lee@example.org' }, { email: 'al@example.net' }],
        phones: [{ value: '+1 415 555 0125', type: 'mobile' }, { number: '(415) 555-0126' }],
      });
      assert.deepEqual(objects.rows[0].emails, ['ann@example.com', 'ann.lee@example.org', 'al@example.net']);
      assert.deepEqual(objects.rows[0].phones, ['+14155550125', '+14155550126']);
      assert.deepEqual(
        objects.warnings.map((w) => [w.field, w.indexes]),
        [
          ['entries[].emails', [0]],
          ['entries[].phones', [0]],
        ],
      );

      const single = await accepted({ email: { value: 'ann@example.com' }, emails: 'ann2@example.com, ann3@example.com', phones: '+1 415 555 0127' });
      assert.deepEqual(single.rows[0].emails.sort(), ['ann2@example.com', 'ann3@example.com', 'ann@example.com']);
      assert.deepEqual(single.rows[0].phones, ['+14155550127']);
      assert.deepEqual(single.warnings.map((w) => w.field).sort(), ['entries[].email', 'entries[].emails', 'entries[].phones']);

      // The owner's phone as a number: its digits (no +: they name no country, as the same string would not).
      const ownerPhone = await accepted({ phone: '+1 415 555 0128' }, { phone: 14155550100 });
      assert.deepEqual(ownerPhone.rows[0].phones, ['+14155550128']);
      assert.deepEqual(
        ownerPhone.warnings.map((w) => [w.field, w.count]),
        [['source.phone', 1]],
      );
      // One warning for the field, saying both: read as its digits, and those name no country.
      assert.match(ownerPhone.warnings[0].message, /JSON number, read as its digits.*; names no country/);
    });

    it("reads a phone sent as a whole JSON number as a number (a German book's 491759417365 is +49 175 9417365), and a number written in another plan joins the card holding that plan's number", async () => {
      // An SDK's field (snake_case) and Kith's own: the full number with its calling code, and a national one.
      const sdk = await accepted({ phone_numbers: [491759417365] }, { region: 'DE' });
      assert.deepEqual(sdk.rows[0].phones, ['+491759417365']);
      const national = await accepted({ phones: [1759417366] }, { region: 'DE' });
      assert.deepEqual(national.rows[0].phones, ['+491759417366']);
      // Inside a phone object, read as the bare number is (a review: it was read as text, +49 49…).
      const wrapped = await accepted({ phones: [{ number: 491759417367, type: 'mobile' }] }, { region: 'DE' });
      assert.deepEqual(wrapped.rows[0].phones, ['+491759417367']);
      for (const a of [api, offload]) {
        const user = userId();
        const first = await a.post('/v0/address-book', {
          user_id: user,
          source: { type: 'android', region: 'DE' },
          entries: [
            { name: 'Leila Quinn', phones: ['8 (985) 402-87-64'] },
            { name: 'Noor Fischer', phones: ['011 44 7700 151423'] },
            { name: 'Jonas Weber', phones: ['8-916-391-20-96'] },
          ],
        });
        assert.equal(first.status, 200, first.text);
        const r = await a.post('/v0/address-book', {
          user_id: user,
          source: { type: 'gmail' },
          entries: [
            { phones: ['+7 985 402-87-64'] },
            { name: 'Noor Fischer', phones: ['+447700151423'] },
            { name: 'Olga Ivanova', phones: ['+7 916 391-20-96'] },
          ],
        });
        assert.equal(r.status, 200, r.text);
        const rows = (await a.get(`/v0/address-book/${user}`)).body.data as Row[];
        const byName = new Map(rows.map((x) => [x.name, x.phones]));
        assert.deepEqual(byName.get('Leila Quinn'), ['+79854028764']);
        assert.deepEqual(byName.get('Noor Fischer'), ['+447700151423']);
        // Another name on the other plan's number: two people, each as written.
        assert.deepEqual(byName.get('Jonas Weber'), ['+4989163912096']);
        assert.deepEqual(byName.get('Olga Ivanova'), ['+79163912096']);
        assert.equal(rows.length, 4);
      }
    });

    it('reads a name from other name fields when name is absent, never over a given name', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ first_name: 'Ann', last_name: 'Lee' }, 'Ann Lee'],
        [{ given_name: 'Ann', family_name: 'Lee' }, 'Ann Lee'],
        [{ firstName: 'Ann', middleName: 'M', lastName: 'Lee' }, 'Ann M Lee'],
        [{ display_name: 'Ann Lee', first_name: 'Annie' }, 'Ann Lee'],
        [{ displayName: 'Dr Ann Lee' }, 'Dr Ann Lee'],
        [{ full_name: 'Ann Lee' }, 'Ann Lee'],
        [{ name: null, last_name: 'Lee' }, 'Lee'],
        [{ name: { givenName: 'Ann', familyName: 'Lee' } }, 'Ann Lee'],
        [{ name: { formatted: 'Ann Lee', givenName: 'A' } }, 'Ann Lee'], // Cordova's ContactName
        [{ name: { display: 'Ann Lee', given: 'Ann', family: 'Lee' } }, 'Ann Lee'], // Capacitor Community Contacts
        [{ name: { given: 'Ann', middle: 'M', family: 'Lee' } }, 'Ann M Lee'],
      ];
      for (const [fields, name] of cases) {
        const r = await accepted({ name: undefined, email: 'ann@example.com', ...fields });
        assert.equal(r.rows[0].name, name, JSON.stringify(fields));
        assert.ok(r.warnings.length > 0, 'named in meta.warnings');
      }
      const parts = await accepted({ name: undefined, email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' });
      assert.deepEqual(
        parts.warnings.map((w) => [w.field, w.indexes]),
        [
          ['entries[].first_name', [0]],
          ['entries[].last_name', [0]],
        ],
      );
      assert.match(parts.warnings[0].message, /^read as part of "name"/);
      // A given name wins; the other fields are unknown, as before.
      const given = await accepted({ name: 'Nan', email: 'ann@example.com', first_name: 'Ann', last_name: 'Lee' });
      assert.equal(given.rows[0].name, 'Nan');
      assert.equal(given.warnings[0].message, 'unknown field, ignored (kept with the raw upload); did you mean "name"?');
      // filter_blank_names keeps a person named in those fields.
      const r = await api.post('/v0/address-book', {
        user_id: userId(),
        source: {},
        entries: [{ first_name: 'Ann', email: 'ann@example.com' }, { email: 'x@example.com' }],
        filter_blank_names: 1,
      });
      assert.deepEqual(
        r.body.data.map((d: Row) => d.name),
        ['Ann'],
      );
    });

    it('keeps the upload as sent: GET and a merge see the same person', async () => {
      const user = userId();
      const first = await api.post('/v0/address-book', {
        user_id: user,
        source: {},
        entries: [{ first_name: 'Ann', last_name: 'Lee', emails: [{ value: 'ann@example.com' }], times_contacted: '2' }],
      });
      assert.equal(first.status, 200, first.text);
      const second = await api.post('/v0/address-book', { user_id: user, source: {}, entries: [{ name: 'Ann Lee', email: 'ann@example.com' }] });
      assert.equal(second.body.data.length, 1);
      const get = await api.get(`/v0/address-book/${user}`);
      assert.deepEqual(
        get.body.data.map((d: Row) => [d.name, d.emails]),
        [['Ann Lee', ['ann@example.com']]],
      );
    });

    it('reads the contact objects of the platform SDKs: each person listed with name, e-mail and E.164 phone; kith reclean agrees', async () => {
      // One person per SDK shape, as invite apps post them (fax and pager numbers among their phones).
      const entries = [
        {
          resourceName: 'people/c1',
          names: [{ metadata: { primary: true }, displayName: 'Gia Google', givenName: 'Gia', familyName: 'Google' }],
          emailAddresses: [{ value: 'gia@example.com', type: 'home' }],
          phoneNumbers: [
            { value: '(415) 555-0101', canonicalForm: '+14155550101', type: 'mobile' },
            { value: '(415) 555-0191', canonicalForm: '+14155550191', type: 'workFax' },
          ],
          organizations: [{ name: 'Acme', title: 'CTO' }],
        },
        {
          id: 'AAMkAG',
          displayName: 'Max Graph',
          givenName: 'Max',
          surname: 'Graph',
          emailAddresses: [{ name: 'Max Graph', address: 'max@example.com' }],
          businessPhones: ['+1 415 555 0102'],
          homePhones: [],
          mobilePhone: null,
          companyName: 'Contoso',
          jobTitle: 'PM',
        },
        {
          recordID: '7',
          givenName: 'Ann',
          familyName: 'Lee',
          phoneNumbers: [
            { label: 'mobile', number: '(415) 555-0103' },
            { label: 'work fax', number: '(415) 555-0193' },
            { label: 'pager', number: '(415) 555-0194' },
          ],
          emailAddresses: [{ label: 'work', email: 'ann@example.com' }],
          isStarred: true,
        },
        {
          id: '8',
          name: 'Eve Expo',
          firstName: 'Eve',
          lastName: 'Expo',
          emails: [{ email: 'eve@example.com', label: 'work', isPrimary: true }],
          phoneNumbers: [{ number: '(415) 555-0104', digits: '4155550104', label: 'mobile' }],
          jobTitle: 'Chef',
        },
        { name: 'Sam Snake', email_addresses: ['sam@example.com'], phone_numbers: ['415-555-0105'] },
        // Kith's own fields given: the SDK's are not read over them (nor added to them).
        { name: 'Kit Kith', email: 'kit@example.com', phones: ['+14155550106'], emailAddresses: [{ email: 'other@example.com' }], mobilePhone: '+14155550196' },
        // An object with no usable value names no one.
        { emailAddresses: [{ type: 'work' }], phoneNumbers: [{ label: 'mobile' }] },
      ];
      const expected = [
        ['Gia Google', ['gia@example.com'], ['+14155550101']],
        ['Max Graph', ['max@example.com'], ['+14155550102']],
        ['Ann Lee', ['ann@example.com'], ['+14155550103']],
        ['Eve Expo', ['eve@example.com'], ['+14155550104']],
        ['Sam Snake', ['sam@example.com'], ['+14155550105']],
        ['Kit Kith', ['kit@example.com'], ['+14155550106']],
      ];
      for (const a of [api, offload]) {
        const user = userId();
        const r = await a.post('/v0/address-book', { user_id: user, source: { phone: '+14155550100' }, entries, include_left_out: 1 });
        assert.equal(r.status, 200, r.text);
        const rows = (r.body.data as Row[]).map((d) => [d.name, d.emails, d.phones]);
        assert.deepEqual(
          rows.sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
          [...expected].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
        );
        assert.equal(r.body.data.find((d: Row) => d.name === 'Ann Lee').rank, 1, 'isStarred read as is_favorite');
        assert.deepEqual(r.body.meta.left_out_entries, [{ index: 6, reason: 'nothing_to_invite' }], 'no person invented');
        // Each field read is named, with its entries; fields beside Kith's own are unknown, as before.
        const w = r.body.meta.warnings as Warning[];
        const named = (field: string, message: RegExp) => w.find((x) => x.field === `entries[].${field}` && message.test(x.message))?.indexes;
        assert.deepEqual(named('emailAddresses', /^read as "emails"/), [0, 1, 2]);
        assert.deepEqual(named('phoneNumbers', /^read as "phones"/), [0, 2, 3]);
        assert.deepEqual(named('phoneNumbers', /^an item labelled fax/), [0, 2]);
        assert.deepEqual(named('businessPhones', /^read as "phones"/), [1]);
        assert.deepEqual(named('names', /^read as "name"/), [0]);
        assert.deepEqual(named('isStarred', /^a boolean, read as "is_favorite"/), [2]);
        assert.deepEqual(named('email_addresses', /^read as "emails"/), [4]);
        assert.deepEqual(named('emailAddresses', /^an item with no usable value/), [6]);
        assert.deepEqual(named('emailAddresses', /^unknown field/), [5]);
        assert.deepEqual(named('mobilePhone', /^unknown field/), [5]);
        assert.ok(!JSON.stringify(w).includes('example.com') && !JSON.stringify(w).includes('555'), 'no personal data in warnings');
        // GET reads the stored book alike, and kith reclean of the raw upload as sent changes nothing.
        const get = await a.get(`/v0/address-book/${user}`);
        assert.deepEqual(
          (get.body.data as Row[]).map((d) => [d.name, d.emails, d.phones]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
          [...expected].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
        );
        const book = (await a.storage.listBooks(null, 10_000)).find((b) => b.userId === user);
        assert.ok(book !== undefined);
        const reclean = await recleanBook(a.storage, null, book.tenant, user, { dryRun: true });
        assert.deepEqual(reclean, { uploads: 1, changedUploads: 0, unreadable: 0 }, 'kith reclean reads the raw upload as the edge did');
      }
    });

    it("the owner's evidence under an SDK's names (timesContacted, lastTimeContacted, isFavorite, starred) keeps a person whose address Kith cannot use (a probe)", async () => {
      const r = await api.post('/v0/address-book', {
        user_id: 'sdk-evidence',
        include_left_out: 1,
        source: { type: 'android', phone: '+44 7700 900000' },
        entries: [
          { name: 'Ann Lee', emails: ['ann@intranet'], timesContacted: 5 },
          { name: 'Bo Chen', emails: ['bo@intranet'], isFavorite: true },
          { name: 'Cy Dee', emails: ['cy@intranet'], lastTimeContacted: 1700000000000 },
          { name: 'Di Eve', emails: ['di@intranet'], starred: true },
          { name: 'No Evidence', emails: ['ne@intranet'], timesContacted: 0, favorite: false },
        ],
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.data.map((d: Row & { unusable?: { reason: string } }) => [d.name, d.unusable?.reason]).sort(), [
        ['Ann Lee', 'invalid'],
        ['Bo Chen', 'invalid'],
        ['Cy Dee', 'invalid'],
        ['Di Eve', 'invalid'],
      ]);
      assert.deepEqual(r.body.meta.left_out_entries, [{ index: 4, reason: 'invalid' }]);
      const read = (field: string) => r.body.meta.warnings.find((w: { field: string }) => w.field === `entries[].${field}`);
      assert.match(read('timesContacted').message, /^a count, read as "times_contacted"/);
      assert.deepEqual(read('timesContacted').indexes, [0, 4]);
      assert.match(read('lastTimeContacted').message, /^a date, read as "last_message_sent_date"/);
      assert.match(read('isFavorite').message, /^a boolean, read as "is_favorite"/);
      assert.deepEqual(read('starred').indexes, [3]);
    });

    it("an owner's e-mail or phone that cannot be read is accepted and said in meta.warnings, on POST of any size", async () => {
      for (const n of [1, 900]) {
        const entries = Array.from({ length: n }, (_, i) => ({ name: `P ${i}`, email: `p${i}@example.com` }));
        const r = await api.post('/v0/address-book', { user_id: `src-unread-${n}`, source: { email: 'notanemail', phone: 'abc' }, entries });
        assert.equal(r.status, 200, r.text.slice(0, 300));
        const fields = (r.body.meta.warnings ?? []).map((w: { field: string }) => w.field);
        assert.deepEqual(fields, ['source.email', 'source.phone']);
        assert.match(r.body.meta.warnings[1].message, /read in no country/);
      }
      // Readable ones, a national number included, say nothing.
      const ok = await api.post('/v0/address-book', {
        user_id: 'src-read',
        source: { email: 'Owner@Example.com', phone: '030 1234567', region: 'DE' },
        entries: [{ email: 'x@example.com' }],
      });
      assert.equal(ok.body.meta.warnings, undefined);
    });

    it('refuses what is still ambiguous or wrong, naming the field, storing nothing', async () => {
      await refused({ email: 'b@example.com', times_contacted: 'many' }, 'entries[1].times_contacted');
      await refused({ email: 'b@example.com', times_contacted: -1 }, 'entries[1].times_contacted');
      await refused({ email: 'b@example.com', times_contacted: '-1' }, 'entries[1].times_contacted');
      await refused({ email: 'b@example.com', pinned: 'yes' }, 'entries[1].pinned');
      await refused({ email: 'b@example.com', pinned: 1.5 }, 'entries[1].pinned');
      await refused({ emails: [{ type: 'work' }] }, 'entries[1].emails[0]');
      await refused({ email: { label: 'x' } }, 'entries[1].email');
      await refused({ phones: [{ type: 'mobile' }] }, 'entries[1].phones[0]');
      await refused({ phones: [-4155550123] }, 'entries[1].phones[0]');
      await refused({ phone: 4.5 }, 'entries[1].phone');
      await refused({ emails: [5] }, 'entries[1].emails[0]');
      await refused({ name: { nickname: 'A' } }, 'entries[1].name');
      // One readable form beside an unreadable one: the whole upload is refused, the wrong one named.
      await refused({ times_contacted: '3', emails: [{ type: 'home' }] }, 'entries[1].emails[0]');
    });

    it('is_favorite in another form than 0/1 is read as documented and named in meta.warnings', async () => {
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', {
          user_id: userId(),
          source: {},
          entries: [
            { email: 'one@example.com', is_favorite: 1 },
            { email: 'two@example.com', is_favorite: 2 },
            { email: 'yes@example.com', is_favorite: 'yes' },
            { email: 'no@example.com', is_favorite: 'no' },
            { email: 'str@example.com', is_favorite: 'true' },
            { email: 't@example.com', is_favorite: 't' },
            { email: 'two@example.org', is_favorite: '2' },
            { email: 'maybe@example.com', is_favorite: 'maybe' },
            { email: 'blank@example.com', is_favorite: '' },
          ],
          explain: 1,
        });
        assert.equal(r.status, 200, r.text);
        const w = r.body.meta.warnings.find((x: Warning) => x.field === 'entries[].is_favorite');
        assert.ok(w, r.text);
        // Nothing refused ("maybe" was a 400 for a while: a client's value must never lose its upload);
        // a blank string is not given, as for every field.
        assert.equal(w.count, 6);
        assert.deepEqual(w.indexes, [1, 2, 3, 5, 6]);
        const fav = Object.fromEntries(r.body.data.map((c: { email: string; explain: Record<string, number> }) => [c.email, (c.explain.favorite ?? 0) > 0]));
        assert.deepEqual(fav, {
          'one@example.com': true,
          'two@example.com': true,
          'yes@example.com': true,
          'no@example.com': false,
          'str@example.com': true,
          't@example.com': true,
          'two@example.org': true,
          'maybe@example.com': false,
          'blank@example.com': false,
        });
      }
    });

    it('a phone a spreadsheet wrote in scientific notation is named in meta.warnings (its digits are lost; it vanished without a word)', async () => {
      for (const a of [api, offload]) {
        const r = await a.post('/v0/address-book', {
          user_id: userId(),
          source: { type: 'android' },
          entries: [
            { name: 'Ann', email: 'ann@example.com', phones: ['4.47911E+11'] },
            { name: 'Bob', email: 'bob@example.com', phone: '+44 7911 123456' },
            { name: 'Cy', email: 'cy@example.com', phone: '9,19845E+11' },
          ],
          include_left_out: 1,
        });
        assert.equal(r.status, 200, r.text);
        const w = r.body.meta.warnings.find((x: Warning) => x.field === 'entries[].phones');
        assert.ok(w, r.text);
        assert.equal(w.count, 2);
        assert.deepEqual(w.indexes, [0, 2]);
        assert.match(w.message, /scientific notation/);
        assert.equal(r.body.data.length, 3, 'the people stay, by their addresses');
      }
    });

    it('records: e-mails and phones as objects, numbers and single values are read; objects with nothing usable refused', async () => {
      const users = await api.post('/v0/users', [{ id: 77, emails: [{ value: 'user77@example.com' }], phone: 14155550177 }]);
      assert.equal(users.status, 200, users.text);
      // The number as its digits is read (a lenient form), and has no country on a server and a user's book
      // that name none: left out, said so, the record matched by its e-mail.
      assert.deepEqual(
        users.body.meta.warnings.map((w: Warning) => w.field),
        ['entries[].phone', 'entries[].emails', 'entries[].phone'],
      );
      assert.match(users.body.meta.warnings[0].message, /no country code/);
      const sent = await api.post('/v0/invites-sent', { entries: [{ user_id: 42, email: { address: 'inv@example.com' } }] });
      assert.equal(sent.status, 200, sent.text);
      assert.deepEqual(
        sent.body.meta.warnings.map((w: Warning) => w.field),
        ['entries[].email'],
      );
      const seen = await api.post('/v0/suggested-seen', { entries: [{ user_id: 42, emails: 'seen@example.com', phones: [{ number: '+14155550199' }] }] });
      assert.equal(seen.status, 200, seen.text);
      const acc = await api.post('/invites-accepted', [{ email: { value: 'inv@example.com' }, new_user_id: 78 }]);
      assert.equal(acc.status, 200, acc.text);

      // They take effect: the recorded user and invite are matched in the book.
      const book = await api.post('/v0/address-book', {
        user_id: 42,
        source: {},
        entries: [
          { name: 'User', email: 'user77@example.com' },
          { name: 'Invited', email: 'inv@example.com' },
          { name: 'Other', email: 'other@example.com' },
        ],
        filter_existing_users: 1,
        filter_invites_sent: 1,
      });
      assert.deepEqual(
        book.body.data.map((d: Row) => d.name),
        ['Other'],
      );

      for (const [path, body, field] of [
        ['/v0/users', [{ id: 1, emails: [{ type: 'work' }] }], 'entries[0].emails[0]'],
        ['/v0/invites-sent', [{ user_id: 1, email: { label: 'x' } }], 'entries[0].email'],
        ['/v0/suggested-seen', [{ user_id: 1, phones: [{}] }], 'entries[0].phones[0]'],
        ['/v0/invites-accepted', [{ phone: -1 }], 'entries[0].phone'],
      ] as const) {
        const r = await api.post(path, body);
        assert.equal(r.status, 400, `${path}: ${r.text}`);
        assert.deepEqual(
          r.body.details.map((d: { field: string }) => d.field),
          [field],
        );
      }
      // A batch with one unreadable item stores none of it.
      const mixed = await api.post('/v0/users', [
        { id: 90, email: { value: 'ok90@example.com' } },
        { id: 91, email: { type: 'x' } },
      ]);
      assert.equal(mixed.status, 400);
      const after = await api.post('/v0/address-book', {
        user_id: 43,
        source: {},
        entries: [{ name: 'Ok', email: 'ok90@example.com' }],
        filter_existing_users: 1,
      });
      assert.equal(after.body.data.length, 1, 'the refused batch stored nothing');
    });
  });
}
