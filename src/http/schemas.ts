/**
 * Request and response schemas. One TypeBox schema per route drives validation (ajv), the TypeScript
 * types of handlers and the OpenAPI document. Limits come from the validated Config, so the schemas are
 * built once per app by makeSchemas().
 *
 * Wire rules from decisions.md: every optional field also accepts JSON null ("not given"); flags accept
 * 1/0, true/false (any case) and booleans, so they are typed loosely here and parsed by domain/options.ts,
 * which names the field in its error.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';

export interface SchemaLimits {
  maxEntriesPerUpload: number;
  maxStringLength: number;
}

/** Optional and nullable: absent and null both mean "not given". */
export const Opt = <T extends TSchema>(t: T) => Type.Optional(Type.Union([t, Type.Null()]));

/** A flag as existing clients send it: 1/0, "1"/"0", true/false in any case, or a JSON boolean. */
export const Flag = Opt(Type.Union([Type.Integer(), Type.Boolean(), Type.String({ maxLength: 16 })], { description: '1/0, true/false or a boolean' }));

/** Date: ISO 8601 (with or without offset), Unix seconds, or another unambiguous form (domain/dates.ts, which checks it further). */
export const DateValue = Type.Union([Type.String({ maxLength: 128 }), Type.Number()], {
  description:
    'ISO 8601 date-time (offset optional, UTC assumed; "+05", " UTC", a decimal comma and 24:00 read too) or a Unix timestamp in seconds; also an RFC 5322 date ("Tue, 24 Nov 2026 09:30:00 +0000"), JavaScript Date.toString(), "24 Nov 2026", "Nov 24, 2026, 9:30:00 AM", "2026/11/24", "24.11.2026", Java ZonedDateTime ("2026-11-24T09:30:00Z[Europe/Paris]") or ISO 8601 basic ("20261124T093000Z")',
});

/**
 * No U+0000 and no unpaired surrogate, for fields that land in their own text columns. PostgreSQL text
 * cannot hold U+0000 (the insert fails: a 500), and an unpaired surrogate is stored as U+FFFD, so two
 * different user ids ('\ud800', '\udfff') would share one book on PostgreSQL and not on SQLite.
 */
export const NO_NUL_PATTERN = '^[^\\u0000\\p{Cs}]*$';

export const UserId = Type.Union([Type.String({ minLength: 1, maxLength: 256, pattern: NO_NUL_PATTERN }), Type.Integer()], {
  description: 'Your id of the user; a number is returned as a string',
});

/**
 * What the descriptions say of the forms read leniently (services/lenient.ts): after the schema refuses
 * a body, these are read and named in meta.warnings. The schema itself stays strict (the fast path).
 */
const LENIENT_EMAIL = 'Also read (named in meta.warnings): an object holding the address in value, address or email (Google People, Apple, SDKs)';
const LENIENT_EMAILS = `${LENIENT_EMAIL}, as items; a single string or object instead of a list. A comma list in a string is split`;
const LENIENT_PHONE =
  'E.164 recommended. Also read (named in meta.warnings): a whole JSON number (its digits: it cannot keep a leading + or 0), an object holding the number in canonicalForm, value, number, phone or digits (one labelled fax, pager, assistant or company main is left out)';
const LENIENT_PHONES = `${LENIENT_PHONE}, as items; a single value instead of a list`;

/** The contact objects of the platform SDKs (services/lenient.ts, readOtherFields), as the entry's description names them. */
const ENTRY_SDK_FIELDS =
  'A contact. Unknown fields are accepted and named in meta.warnings. Where the entry has no Kith field of its own (absent, null, blank, empty list), the fields of the platform SDKs are read into it and named in meta.warnings: emailAddresses/email_addresses (strings, or value, address, email) as emails; phoneNumbers/phone_numbers (strings, or canonicalForm, value, number, phone, digits; fax and pager items left out), mobilePhone, businessPhones, homePhones as phones; names[] and surname into name; companyName and organizations[].name as company; jobTitle and organizations[].title as title; nickName and nicknames[].value as nickname; a boolean isStarred as is_favorite (Google People API, Microsoft Graph, react-native-contacts, expo-contacts). A Kith field given is never overridden or added to';

/** One thing an answer says about its request beyond its data (meta.warnings). */
export const Warning = Type.Object({
  field: Type.String({ description: 'emial, source.emial or entries[].emial; a query option (limt); body' }),
  message: Type.String(),
  count: Type.Integer({ minimum: 1 }),
  indexes: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { description: 'The first few entries holding it' })),
  did_you_mean: Type.Optional(Type.String()),
});

export function makeSchemas(limits: SchemaLimits) {
  const Str = (opts: { maxLength?: number; description?: string; pattern?: string } = {}) => Type.String({ maxLength: limits.maxStringLength, ...opts });
  /** A string stored in its own text column (not inside a JSON document): no U+0000. */
  const ColumnStr = (opts: { maxLength?: number } = {}) => Str({ ...opts, pattern: NO_NUL_PATTERN });
  const StrList = Type.Array(Opt(Str()), { maxItems: 1000 });

  const Source = Type.Object(
    {
      name: Opt(Str()),
      email: Opt(Str({ maxLength: 320 })),
      phone: Opt(Str({ maxLength: 64 })),
      type: Opt(Str({ maxLength: 32, description: 'ios, gmail or android (google is read as gmail)' })),
      region: Opt(
        Str({
          maxLength: 8,
          description:
            "ISO 3166 country (e.g. MX) whose plan the upload's numbers without a country code are read in when `phone` gives no country; default: the server's KITH_DEFAULT_REGION",
        }),
      ),
    },
    {
      description: 'The account that provides the address book',
      // Unknown fields are tolerated (and kept with the source) but only as plain values: a nested one
      // could be arbitrarily deep, and storing it would overflow the stack.
      additionalProperties: Type.Union([Type.String({ maxLength: limits.maxStringLength }), Type.Number(), Type.Boolean(), Type.Null()]),
    },
  );

  const Address = Type.Object({
    po_box: Opt(Str()),
    street: Opt(Str()),
    city: Opt(Str()),
    state: Opt(Str()),
    postal_code: Opt(Str()),
    country: Opt(Str()),
    type: Opt(Str()),
  });

  const Website = Type.Object({ url: Str(), type: Str() });
  const Im = Type.Object({ name: Str(), protocol: Opt(Str()), type: Opt(Str()) });

  const Entry = Type.Object(
    {
      name: Opt(
        Str({
          description:
            'When absent (or blank), read from display_name/displayName, full_name/fullName, Google People names[], or first_name, middle_name, last_name (also given_name/family_name, firstName/lastName, surname), named in meta.warnings; never overridden. An object of those parts is read too',
        }),
      ),
      emails: Opt(Type.Array(Opt(Str()), { maxItems: 1000, description: LENIENT_EMAILS })),
      email: Opt(Str({ description: LENIENT_EMAIL })),
      phones: Opt(Type.Array(Opt(Str()), { maxItems: 1000, description: LENIENT_PHONES })),
      phone: Opt(Str({ description: LENIENT_PHONE })),
      photos: Opt(StrList),
      data: Opt(Type.Object({}, { additionalProperties: true, description: 'Your attributes; returned untouched' })),
      nickname: Opt(Str()),
      title: Opt(Str()),
      company: Opt(Str()),
      is_favorite: Opt(Type.Union([Type.Integer(), Type.Boolean(), Type.String({ maxLength: 8 })])),
      pinned: Opt(Type.Integer({ description: 'Any integer; true/false and an integer written as a string ("2") are read, named in meta.warnings' })),
      times_contacted: Opt(Type.Number({ minimum: 0, description: 'A number written as a string ("3") is read as that number, named in meta.warnings' })),
      last_message_sent_date: Opt(DateValue),
      last_message_received_date: Opt(DateValue),
      addresses: Opt(Type.Array(Address, { maxItems: 100 })),
      websites: Opt(Type.Array(Website, { maxItems: 100 })),
      ims: Opt(Type.Array(Im, { maxItems: 100 })),
    },
    { description: ENTRY_SDK_FIELDS },
  );

  const rankOptionFields = {
    filter_suggested_seen: Flag,
    filter_existing_users: Flag,
    filter_invites_sent: Flag,
    promote_existing_users: Flag,
    promote_matching_domain: Opt(
      Type.Union([Type.Integer(), Type.Boolean(), Type.String({ maxLength: 255 })], {
        description: "1 for the owner's e-mail domain, or a domain such as example.com",
      }),
    ),
    filter_blank_names: Flag,
    limit: Opt(Type.Union([Type.Integer(), Type.String({ maxLength: 24 })])),
    explain: Flag,
    include_left_out: Opt(
      Type.Union([Type.Integer(), Type.Boolean(), Type.String({ maxLength: 16 })], {
        description: '1: list the entries left out of the list (meta.left_out_entries), with their index and reason',
      }),
    ),
  };

  const UploadBody = Type.Object({
    user_id: UserId,
    source: Source,
    entries: Type.Array(Entry, { maxItems: limits.maxEntriesPerUpload }),
    ...rankOptionFields,
    backfill: Flag,
    replace_source: Opt(
      Type.Union([Type.Integer(), Type.Boolean(), Type.String({ maxLength: 16 })], {
        description:
          "1: this upload replaces what earlier uploads of the same source (its type and owner's e-mail or phone) hold for the user: a full re-sync, after which contacts deleted, renamed or changed at the source leave no stale copy. Send it on the first batch of a sync only",
      }),
    ),
  });

  const RankQuery = Type.Object(Object.fromEntries(Object.keys(rankOptionFields).map((k) => [k, Type.Optional(Type.String({ maxLength: 255 }))])));

  const RankedContact = Type.Object({
    name: Type.Union([Type.String(), Type.Null()]),
    email: Type.Union([Type.String(), Type.Null()]),
    emails: Type.Array(Type.String()),
    phone: Type.Union([Type.String(), Type.Null()]),
    phones: Type.Array(Type.String()),
    data: Type.Object({}, { additionalProperties: true }),
    rank: Type.Integer({ minimum: 1 }),
    score: Type.Number(),
    explain: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'Per-signal contributions (explain=1)' })),
    unusable: Type.Optional(
      Type.Object(
        {
          reason: Type.String({ description: 'invalid (its e-mails are no addresses) or nothing_to_invite' }),
          emails: Type.Array(Type.String(), { description: 'The e-mail strings as written' }),
          phones: Type.Optional(Type.Array(Type.String(), { description: 'The numbers as written that none can call (a service code, a date)' })),
        },
        { description: 'Only on a person kept because the owner wrote to, starred or pinned them, with nothing usable to invite' },
      ),
    ),
  });

  const reasonCounts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
  const CleaningSummary = Type.Object(
    {
      entries_read: Type.Integer({ minimum: 0 }),
      contacts: Type.Integer({ minimum: 0, description: 'People in the list made of these entries' }),
      merged: Type.Integer({ minimum: 0, description: "Entries merged into another entry's person" }),
      left_out: Type.Integer({ minimum: 0, description: 'entries_read + people_from_lists = contacts + merged + left_out' }),
      left_out_by_reason: reasonCounts,
      kept_without_address: Type.Integer({ minimum: 0, description: "Of contacts, those kept on the owner's evidence with nothing usable" }),
      people_from_lists: Type.Optional(
        Type.Integer({
          minimum: 1,
          description:
            'Of contacts, the people beyond the first that entries listing several people gave (an e-mail field holding "Doe, Jane <jane@x>, Roe, Rick <rick@y>"; each such entry is one entry read). Present only when not 0',
        }),
      ),
      list_people_left_out: Type.Optional(
        Type.Record(Type.String(), Type.Integer({ minimum: 1 }), {
          description:
            'People named by entries listing several people (a pasted To: line) that are left out, by reason, beyond the one person each such entry is counted with (so a list whose every person is left out counts here with all but one, its entry being in left_out): outside the sum of left_out. Present only when there are any',
        }),
      ),
      book_contacts: Type.Optional(Type.Integer({ minimum: 0, description: 'POST with a list: people in the whole book' })),
    },
    { description: 'What cleaning did: of this upload (POST) or of the whole book (GET)' },
  );
  const LeftOutEntry = Type.Object({
    index: Type.Integer({ minimum: 0, description: 'Index of the entry in its upload' }),
    batch_id: Type.Optional(Type.String({ description: 'The upload (GET)' })),
    reason: Type.String(),
  });

  const Meta = Type.Object(
    {
      time: Type.Number({ description: 'Processing time, seconds' }),
      warnings: Type.Optional(
        Type.Array(Warning, { description: 'What the answer must say about the request beyond its data: a body that was not valid UTF-8 (field "body")' }),
      ),
    },
    { additionalProperties: true },
  );

  const BookMeta = Type.Object({
    app_name: Type.String(),
    time: Type.Number(),
    total_count: Type.Optional(Type.Integer()),
    user_id: Type.String(),
    docs: Type.Optional(Type.String()),
    help: Type.Optional(Type.String()),
    exception_matching_email_domain: Type.Optional(Type.Boolean()),
    cleaning: Type.Optional(CleaningSummary),
    left_out_entries: Type.Optional(Type.Array(LeftOutEntry, { description: 'With include_left_out=1' })),
    left_out_list_people: Type.Optional(
      Type.Array(LeftOutEntry, {
        description:
          'With include_left_out=1, when there are any: each person counted in cleaning.list_people_left_out, with the index of the entry that named them and the reason',
      }),
    ),
    warnings: Type.Optional(
      Type.Array(Warning, {
        description:
          'What the answer must say about the request beyond its data: unknown fields (accepted, ignored, with a did-you-mean), query options the endpoint does not read (unknown, misspelt, or of no effect there: named, never refused), a body that was not valid UTF-8 (field "body"), for a file upload cards not read whole (field "body"), and a ranking made without other users\' books because the part of the database holding them did not answer (field "weights": only for an app whose learned weights use them)',
      }),
    ),
  });

  const UploadResponse = Type.Object({
    batch_id: Type.String({ format: 'uuid' }),
    data: Type.Optional(Type.Array(RankedContact)),
    message: Type.String(),
    meta: BookMeta,
  });

  const BookResponse = Type.Object({ data: Type.Array(RankedContact), meta: BookMeta });
  const MessageResponse = Type.Object({ message: Type.String(), meta: Meta });

  const ErrorResponse = Type.Object({
    error: Type.String(),
    code: Type.String(),
    details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    meta: Type.Object({ time: Type.Number(), request_id: Type.String() }),
  });

  // The e-mails and phones of records, read leniently as an entry's (see LENIENT_EMAIL).
  const RecordEmail = Opt(Str({ maxLength: 320, description: LENIENT_EMAIL }));
  const RecordEmails = Opt(Type.Array(Opt(Str()), { maxItems: 1000, description: LENIENT_EMAILS }));
  const RecordPhone = Opt(Str({ maxLength: 64, description: LENIENT_PHONE }));
  const RecordPhones = Opt(Type.Array(Opt(Str()), { maxItems: 1000, description: LENIENT_PHONES }));

  const InviteSent = Type.Object({
    user_id: UserId,
    email: RecordEmail,
    emails: RecordEmails,
    phone: RecordPhone,
    phones: RecordPhones,
    invitee_name: Opt(ColumnStr()),
    sent_at: Opt(DateValue),
  });

  const InviteAccepted = Type.Object({
    email: RecordEmail,
    emails: RecordEmails,
    phone: RecordPhone,
    phones: RecordPhones,
    new_user_id: Opt(UserId),
    name: Opt(ColumnStr()),
    accepted_at: Opt(DateValue),
    user_id: Opt(UserId),
  });

  const AppUser = Type.Object({
    id: Opt(UserId),
    user_id: Opt(UserId),
    username: Opt(ColumnStr({ maxLength: 256 })),
    name: Opt(ColumnStr()),
    email: RecordEmail,
    emails: RecordEmails,
    phone: RecordPhone,
    phones: RecordPhones,
  });

  const SuggestedSeen = Type.Object({
    user_id: UserId,
    name: Opt(Str()),
    email: RecordEmail,
    emails: RecordEmails,
    phone: RecordPhone,
    phones: RecordPhones,
    seen_at: Opt(DateValue),
  });

  /** Bodies of the record endpoints: `{"entries": [...]}` (a bare list is wrapped before validation). */
  const batchOf = <T extends TSchema>(item: T) => Type.Object({ entries: Type.Array(item, { maxItems: limits.maxEntriesPerUpload }) });

  return {
    Source,
    Entry,
    UploadBody,
    RankQuery,
    RankedContact,
    UploadResponse,
    BookResponse,
    MessageResponse,
    ErrorResponse,
    InvitesSentBody: batchOf(InviteSent),
    InvitesAcceptedBody: batchOf(InviteAccepted),
    UsersBody: batchOf(AppUser),
    SuggestedSeenBody: batchOf(SuggestedSeen),
    // The limit of a user id everywhere (characters, as JSON Schema counts them: code points), so an id of
    // any length is refused naming it (a review: from 1,025 characters on, the path said 1024).
    UserIdParams: Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 256, pattern: NO_NUL_PATTERN }) }),
  };
}

export type Schemas = ReturnType<typeof makeSchemas>;
export type UploadBody = Static<Schemas['UploadBody']>;
export type EntryBody = Static<Schemas['Entry']>;
export type RankQuery = Static<Schemas['RankQuery']>;
export type InvitesSentBody = Static<Schemas['InvitesSentBody']>;
export type InvitesAcceptedBody = Static<Schemas['InvitesAcceptedBody']>;
export type UsersBody = Static<Schemas['UsersBody']>;
export type SuggestedSeenBody = Static<Schemas['SuggestedSeenBody']>;
