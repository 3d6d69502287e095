/**
 * The record endpoints: invites sent and accepted, existing app users, suggestions already shown.
 * Bodies are `{"entries": [...]}` or a bare list. A record that cannot be used (no usable e-mail and
 * no usable phone) is a 400 naming its index, and nothing of that batch is stored; the 400 names every
 * wrong field of the batch, the schema's and those of the reading below (services/refused.ts). A value
 * that cannot be read beside a usable one is left out and named in meta.warnings (record-warnings.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { isIndexedKey, keysFor } from '../../domain/normalize.ts';
import type { CountryCode } from 'libphonenumber-js';
import { regionsOfSources } from '../../services/address-book.ts';
import type { Storage, Tenant } from '../../storage/types.ts';
import { invalid, type ErrorDetail } from '../errors.ts';
import { invalidDetailsOf, Problems, ServiceError } from '../../services/errors.ts';
import { refusedWithLater, touches } from '../../services/refused.ts';
import { CHANNEL_FIELDS, UnreadValues, unreadableFields } from '../../services/record-warnings.ts';
import { arrivedAt, elapsedSeconds } from '../error-handler.ts';
import type { InvitesAcceptedBody, InvitesSentBody, Schemas, SuggestedSeenBody, UsersBody } from '../schemas.ts';
import { coerceBookUserId, dateOrDefault, zeroDateWarnings } from '../../services/validate.ts';
import { lenientWarningsOf, refusedBodyOf, validateLeniently } from '../../services/lenient.ts';
import { closest, recordFieldWarnings } from '../../services/upload-warnings.ts';
import { compileBodyValidator } from '../../workers/compilers.ts';
import { bodyUtf8Warnings, pathUserId } from './address-book.ts';
import { EXAMPLE_INVITES_ACCEPTED, EXAMPLE_INVITES_SENT, EXAMPLE_SUGGESTED_SEEN, EXAMPLE_USERS } from './examples.ts';
import type { RouteSpec } from './table.ts';

interface Reachable {
  email?: string | null;
  emails?: (string | null)[] | null;
  phone?: string | null;
  phones?: (string | null)[] | null;
}

/**
 * The answer's `meta`: the time, and warnings: a body with invalid UTF-8 (read as U+FFFD), and item
 * fields the endpoint does not know (`known`: its item's fields), each with the field it most likely means.
 */
function metaOf(
  request: FastifyRequest,
  extra: Record<string, unknown> = {},
  known?: readonly string[],
  more: readonly unknown[] = [],
): Record<string, unknown> {
  const warnings: unknown[] = bodyUtf8Warnings(request);
  warnings.push(...more);
  const items = (request.body as { entries?: unknown } | null)?.entries;
  // A record's time sent as MySQL's zero date is the time of the request, as a blank one is: named.
  if (Array.isArray(items)) warnings.push(...zeroDateWarnings(items, RECORD_DATES, 'not given (the time of this request)'));
  // What was read leniently (a batch the schema refused: lenient.ts), then the unknown fields.
  if (request.body !== null && typeof request.body === 'object') warnings.push(...lenientWarningsOf(request.body));
  const entries = (request.body as { entries?: unknown } | null)?.entries;
  if (known !== undefined && Array.isArray(entries)) warnings.push(...recordFieldWarnings(entries, known));
  return { time: elapsedSeconds(request), ...extra, ...(warnings.length > 0 ? { warnings } : {}) };
}

/**
 * Whether a record holds a phone that may be written without its country (one not starting `+` or `00`):
 * a cheap look before the book's region is looked up (parsing every number twice made a 100,000-record
 * batch slower); one it wrongly takes costs only a lookup.
 */
function mayBeNational(item: Reachable): boolean {
  const written = (v: unknown) => typeof v === 'string' && !/^\s*(?:\+|00)/.test(v);
  return written(item.phone) || (Array.isArray(item.phones) && item.phones.some(written));
}

/** The field a record's phone came in (for an error naming it). */
function phoneField(item: Reachable): 'phone' | 'phones' {
  return item.phone != null ? 'phone' : 'phones';
}

/** Whether a record gives no e-mail and no phone at all: each absent, null, blank or an empty list. */
function noChannelGiven(u: Record<string, unknown>): boolean {
  for (const f of ['email', 'emails', 'phone', 'phones']) {
    const v = u[f];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim() === '') continue;
    if (Array.isArray(v) && v.every((x) => x === null || (typeof x === 'string' && x.trim() === ''))) continue;
    return false;
  }
  return true;
}

/** The time fields of the records (each endpoint's items hold one). */
const RECORD_DATES = ['sent_at', 'accepted_at', 'seen_at'] as const;

/** The fields of a record endpoint's items, from its schema (the names its warnings compare with). */
function itemFields(batch: { properties: { entries: { items: { properties: object } } } }): string[] {
  return Object.keys(batch.properties.entries.items.properties);
}

/**
 * Reads a batch's items with `read`, every one of them: the 400 names each item that cannot be read
 * (one detail per item), not only the first; nothing of the batch is stored.
 */
function readAll<T, R>(items: readonly T[], read: (item: T, i: number) => R, refused: readonly ErrorDetail[] = []): R[] {
  const out: R[] = [];
  const problems = new Problems();
  for (let i = 0; i < items.length && !problems.full; i++) {
    // An item the schema refused whole (a body read for its other problems: see entriesOf) is not read.
    if (refused.length > 0 && refused.some((d) => d.field === `entries[${i}]`)) continue;
    problems.run(() => out.push(read(items[i]!, i)), 0);
  }
  problems.throwIfAny();
  return out;
}

/**
 * An item's fields, each read by its own function, every one of them: the 400 names each field that
 * cannot be read (an id and a date of one item both), not only the first.
 */
function readItem<R extends object>(read: { [K in keyof R]: () => R[K] }): R {
  const out = {} as R;
  const problems = new Problems();
  for (const k in read) out[k] = problems.run(read[k], undefined as R[typeof k]);
  problems.throwIfAny();
  return out;
}

/**
 * The keys of a cross-user record whose id could not be read (`idFailed`): the country of its book is
 * then unknown, so a number without its country is not named as such (the id's detail is); that the
 * record has nothing usable still is.
 */
function keysBesideId(idFailed: boolean, i: number, read: () => string[]): string[] {
  if (!idFailed) return read();
  try {
    return read();
  } catch (e) {
    const details = invalidDetailsOf(e);
    if (details !== null && details.every((d) => d.field !== `entries[${i}]`)) return [];
    throw e;
  }
}

/**
 * Whether the schema refused a field of item `i` that holds its e-mails or numbers: its keys are then
 * not read (what is left of them would say that the item has none).
 */
function channelRefused(refused: readonly ErrorDetail[], i: number): boolean {
  return refused.length > 0 && CHANNEL_FIELDS.some((f) => touches(refused, `entries[${i}].${f}`));
}

/**
 * Whether the schema refused an id of item `i` (its user, its new user, the app user's id): the id is then
 * read as absent, so the book the item's numbers are read in is unknown, and a number without its country
 * is no problem of its own (a review: `user_id: ""` named the phone of an accepted invite as well).
 */
function idRefused(refused: readonly ErrorDetail[], i: number): boolean {
  return refused.length > 0 && ID_FIELDS.some((f) => touches(refused, `entries[${i}].${f}`));
}

const ID_FIELDS = ['user_id', 'new_user_id', 'id'] as const;

/**
 * `read()`, or the error it throws: a first pass over a batch (its ids) that leaves each item's error to
 * readAll's pass, so the 400 still names every item that cannot be read, not only the first bad id.
 */
function attempt<R>(read: () => R): R | Error {
  try {
    return read();
  } catch (e) {
    return e as Error;
  }
}

/** Wraps a bare list into `{entries}` before validation (both forms are accepted). */
async function wrapBareList(request: FastifyRequest) {
  if (Array.isArray(request.body)) request.body = { entries: request.body };
}

/**
 * The record routes, as entries of the route table. The spec names the invite endpoints without the
 * version prefix: they answer at both /v0/invites-* and /invites-*.
 */
export function recordRoutes(deps: {
  storage: Storage;
  schemas: Schemas;
  config: Config;
  /** Called after accepted invites are stored (the ranker learns from them). */
  onInvitesAccepted?: (tenant: string) => Promise<void>;
}): RouteSpec[] {
  const { storage, schemas: S, config } = deps;
  const region = config.defaultRegion;

  /**
   * Matching keys of a record. `crossUser` records (app users, accepted invites) are matched against
   * every book of the tenant, where a national-only number ('n:') means nothing: those are left out (or
   * read in the server's default region, when it has one). A user's own records (invites sent,
   * suggestions shown) are read in that user's book instead, as the merge reads its numbers (options.ts
   * withNationalAliases): a national number is kept national-only, never read in the server's default
   * region, which may not be the user's ("55 1234 5678" of a Mexican user's invite became the US
   * +1 551 234 5678 in an app whose default is US: the invited person was shown again, and a US friend on
   * that number left out).
   */
  function keysOf(
    item: Reachable,
    i: number,
    crossUser = false,
    known: readonly string[] = [],
    bookRegions: readonly CountryCode[] = [],
    nationalLeftOut?: number[],
    unread?: UnreadValues,
  ): string[] {
    // A cross-user record's national number is read in the countries of the user's book, in turn (a book
    // of a US phone and a Gmail export marked GB: a US number was refused, read in GB only), then in the
    // server's default country: the first country that reads every number, else the one that reads most.
    const regions: (CountryCode | null)[] = !crossUser ? [null] : bookRegions.length > 0 ? [...bookRegions] : [];
    if (crossUser && region !== null && !regions.includes(region)) regions.push(region);
    if (regions.length === 0) regions.push(null);
    let readIn = regions[0]!;
    let all = keysFor(item, readIn);
    let keys = crossUser ? all.filter(isIndexedKey) : all;
    for (let r = 1; r < regions.length && keys.length < all.length; r++) {
      const other = keysFor(item, regions[r]!);
      const otherKeys = other.filter(isIndexedKey);
      if (otherKeys.length > keys.length) [readIn, all, keys] = [regions[r]!, other, otherKeys];
    }
    if (keys.length > 0) {
      if (keys.length < all.length) nationalLeftOut?.push(i);
      // The record is kept: its values that read as nothing are named (record-warnings.ts).
      unread?.add(i, unreadableFields(item as Record<string, unknown>, readIn));
      return keys;
    }
    // Why, as precisely as the item tells: a number without its country where the whole app is searched,
    // or a misspelt field beside nothing usable.
    if (crossUser && all.length > 0) {
      const tried = regions.filter((r): r is CountryCode => r !== null);
      throw invalid(
        `entries[${i}].${phoneField(item)}`,
        tried.length > 0
          ? `has no country code and is no number of ${tried.join(' or ')} (${bookRegions.length > 0 ? "the country of the user's book" : "the server's default country"}${bookRegions.length > 0 && tried.length > bookRegions.length ? ", then the server's" : ''}): app users and accepted invites are matched across the app's books, where a number without its country (+…) names no one; send it in full (E.164) or with an e-mail`
          : "has no country code, and neither the user's book (its owner's phone, its source.region) nor the server names a country it is a number of: app users and accepted invites are matched across the app's books, where a number without its country (+…) names no one; send it in full (E.164) or with an e-mail",
      );
    }
    for (const k in item as Record<string, unknown>) {
      if (known.includes(k)) continue;
      const guess = closest(k, known);
      if (guess === 'email' || guess === 'emails' || guess === 'phone' || guess === 'phones') {
        throw invalid(`entries[${i}]`, `needs a usable email or phone (it has "${k}": did you mean "${guess}"?)`);
      }
    }
    // An e-mail given and read as none: say so, rather than only that none is usable (a probe's
    // `x@x.example` was refused without a reason).
    const given = (item as { email?: unknown; emails?: unknown }).email ?? (item as { emails?: unknown }).emails;
    if ((typeof given === 'string' && given.trim() !== '') || (Array.isArray(given) && given.some((g) => typeof g === 'string' && g.trim() !== ''))) {
      throw invalid(
        `entries[${i}]`,
        'needs a usable email or phone: the e-mail given names no mailbox (a placeholder such as x@x.com or none@none.com, or text that is no address) and no usable phone is given',
      );
    }
    throw invalid(`entries[${i}]`, 'needs a usable email or phone');
  }
  /**
   * The countries of the books of the users whose cross-user records hold a number without its country
   * (`owners(item)`: whose books may tell, in order), for keysOf. An app user's own number, or an invitee's
   * taken from the inviter's book, is read in that book's country, as the book reads its own numbers
   * (bookRegionOf), before the server's default (a Mexican user's `55 1234 5678` is no US number). Looked up
   * only for such records, in one query per few thousand users (one per user made a 100,000-record batch
   * 2-4x slower).
   */
  async function bookRegionsFor<T extends Reachable>(
    tenant: Tenant,
    items: readonly T[],
    owners: (item: T, i: number) => (string | null)[],
  ): Promise<CountryCode[][]> {
    const byUser = new Map<string, readonly CountryCode[]>();
    const wanted: string[] = [];
    const ownersOf = items.map((item, i) => {
      if (!mayBeNational(item)) return [];
      const ids = owners(item, i).filter((id): id is string => id !== null);
      for (const id of ids) {
        if (byUser.has(id)) continue;
        byUser.set(id, []);
        wanted.push(id);
      }
      return ids;
    });
    if (wanted.length > 0) {
      for (const [id, sources] of await storage.regionSourcesOfUsers(tenant, wanted)) byUser.set(id, regionsOfSources(sources));
    }
    // The first owner whose book names a country, with every country that book names (regionsOfSources).
    return ownersOf.map((ids) => [...(ids.map((id) => byUser.get(id) ?? []).find((r) => r.length > 0) ?? [])]);
  }

  /**
   * The warning for the numbers of cross-user records left out for want of a country, where the record
   * matches by something else (its e-mail, another number): `indexes` of those records.
   */
  const nationalLeftOut = (indexes: number[], items: readonly Reachable[]) =>
    (['phone', 'phones'] as const).flatMap((field) => {
      const these = indexes.filter((i) => phoneField(items[i]!) === field);
      if (these.length === 0) return [];
      const message =
        "has no country code, and the user's book names no country: that number is not recorded (the record matches by its other e-mails and numbers); send it in full (E.164)";
      return [{ field: `entries[].${field}`, message, count: these.length, indexes: these.slice(0, 5) }];
    });

  const SENT = itemFields(S.InvitesSentBody);
  const ACCEPTED = itemFields(S.InvitesAcceptedBody);
  const USERS = itemFields(S.UsersBody);
  const SEEN = itemFields(S.SuggestedSeenBody);

  // A batch the schema refuses is read again leniently (services/lenient.ts: an e-mail or phone object
  // as its value, a phone number as its digits, one value where a list is expected): valid then, it is
  // stored with warnings; else the 400 stands. Each schema compiled on first need.
  const strict = new Map<object, (body: unknown) => void>();
  /**
   * The batch's items, read leniently when the schema refused them. When it still refuses them, `read`
   * (the endpoint's own reading of its items, its ids, e-mails, numbers and dates) reads the batch
   * without the fields the schema named (`refused`: their details), so that the 400 names every wrong
   * field, whichever check finds it (services/refused.ts); nothing is stored.
   */
  const entriesOf = async <T>(request: FastifyRequest, schema: object, read: (entries: T[], refused: readonly ErrorDetail[]) => unknown): Promise<T[]> => {
    if (!request.validationError) return (request.body as { entries: T[] }).entries;
    let validate = strict.get(schema);
    if (validate === undefined) strict.set(schema, (validate = compileBodyValidator(schema)));
    try {
      request.body = validateLeniently(request.body, request.validationError, validate, false);
    } catch (e) {
      throw await refusedWithLater(e, refusedBodyOf(e), async (pruned, refused) => {
        const entries = (pruned as { entries?: unknown } | null)?.entries;
        if (!Array.isArray(entries)) return [];
        const items = entries.map((x) => (x !== null && typeof x === 'object' && !Array.isArray(x) ? x : {})) as T[];
        try {
          await read(items, refused);
          return [];
        } catch (later) {
          const details = invalidDetailsOf(later);
          if (details === null) throw later;
          return details;
        }
      });
    }
    return (request.body as { entries: T[] }).entries;
  };
  const common = { method: 'POST', auth: 'secret_key', preValidation: wrapBareList, attachValidation: true } as const;
  const tags = ['invites and users'];
  const routes: RouteSpec[] = [];

  type SentItem = InvitesSentBody['entries'][number];
  const invitesSent: RouteSpec['handler'] = async (request) => {
    const now = Date.now();
    const unread = new UnreadValues();
    const read = (entries: SentItem[], refused: readonly ErrorDetail[] = []) =>
      readAll(
        entries,
        (e, i) =>
          readItem({
            userId: () => coerceBookUserId(e.user_id, `entries[${i}].user_id`),
            keys: () => (channelRefused(refused, i) ? [] : keysOf(e, i, false, SENT, [], undefined, unread)),
            inviteeName: () => e.invitee_name?.trim() || null,
            sentAt: () => dateOrDefault(e.sent_at, `entries[${i}].sent_at`, now),
          }),
        refused,
      );
    const rows = read(await entriesOf(request, S.InvitesSentBody, read));
    await storage.recordInvitesSent(request.auth.tenant, rows, { arrivedAt: arrivedAt(request) });
    return { message: 'Invite sent added.', meta: metaOf(request, {}, SENT, unread.warnings()) };
  };
  for (const prefix of ['/v0', '']) {
    routes.push({
      ...common,
      auth: 'secret_or_client_key',
      clientUser: 'entries',
      url: `${prefix}/invites-sent`,
      schema: { summary: 'Record invites sent', tags, body: S.InvitesSentBody, response: { 200: S.MessageResponse } },
      handler: invitesSent,
      example: { body: EXAMPLE_INVITES_SENT },
      sample: { path: `${prefix}/invites-sent`, body: [{ user_id: 'owner', email: 'a@example.com' }] },
    });
  }

  type AcceptedItem = InvitesAcceptedBody['entries'][number];
  const invitesAccepted: RouteSpec['handler'] = async (request) => {
    const now = Date.now();
    const leftOut: number[] = [];
    const unread = new UnreadValues();
    const read = async (entries: AcceptedItem[], refused: readonly ErrorDetail[] = []) => {
      const ids = entries.map((e, i) =>
        attempt(() =>
          readItem({
            userId: () => (e.user_id === undefined || e.user_id === null ? null : coerceBookUserId(e.user_id, `entries[${i}].user_id`)),
            newUserId: () => (e.new_user_id === undefined || e.new_user_id === null ? null : coerceBookUserId(e.new_user_id, `entries[${i}].new_user_id`)),
          }),
        ),
      );
      // The invitee's number as the new user's own book reads it, else as the inviter's book held it.
      const regions = await bookRegionsFor(request.auth.tenant, entries, (_, i) => {
        const id = ids[i]!;
        return id instanceof Error ? [] : [id.newUserId, id.userId];
      });
      return readAll(
        entries,
        (e, i) => {
          const id = ids[i]!;
          const row = readItem({
            id: () => {
              if (id instanceof Error) throw id;
              return id;
            },
            keys: () =>
              channelRefused(refused, i)
                ? []
                : keysBesideId(id instanceof Error || idRefused(refused, i), i, () => keysOf(e, i, true, ACCEPTED, regions[i], leftOut, unread)),
            name: () => e.name?.trim() || null,
            acceptedAt: () => dateOrDefault(e.accepted_at, `entries[${i}].accepted_at`, now),
          });
          return { keys: row.keys, ...row.id, name: row.name, acceptedAt: row.acceptedAt };
        },
        refused,
      );
    };
    const entries = await entriesOf(request, S.InvitesAcceptedBody, read);
    const rows = await read(entries);
    await storage.recordInvitesAccepted(request.auth.tenant, rows, { arrivedAt: arrivedAt(request) });
    await deps.onInvitesAccepted?.(request.auth.tenant);
    return { message: 'Invite accepted added.', meta: metaOf(request, {}, ACCEPTED, [...nationalLeftOut(leftOut, entries), ...unread.warnings()]) };
  };
  for (const prefix of ['/v0', '']) {
    routes.push({
      ...common,
      url: `${prefix}/invites-accepted`,
      schema: { summary: 'Record accepted invites', tags, body: S.InvitesAcceptedBody, response: { 200: S.MessageResponse } },
      handler: invitesAccepted,
      example: { body: EXAMPLE_INVITES_ACCEPTED },
      sample: { path: `${prefix}/invites-accepted`, body: [{ email: 'a@example.com' }] },
    });
  }

  // The users and suggested-seen endpoints live under /v0 only.
  routes.push({
    ...common,
    url: '/v0/users',
    schema: { summary: 'Record existing app users', tags, body: S.UsersBody, response: { 200: S.MessageResponse } },
    example: { body: EXAMPLE_USERS },
    sample: { path: '/v0/users', body: [{ id: 1, email: 'a@example.com' }] },
    handler: async (request) => {
      // A user with no e-mail and no phone at all (the contract makes both optional: a user who signed up
      // with a social login) matches no contact: accepted, nothing recorded for it, and named in
      // meta.warnings. Before, the whole batch was refused, every other user's record with it. A value
      // that is given but unusable, or a misspelt field, is still a 400 naming it.
      const without: number[] = [];
      const leftOut: number[] = [];
      const unread = new UnreadValues();
      const read = async (entries: UsersBody['entries'], refused: readonly ErrorDetail[] = []) => {
        const ids = entries.map((u, i) =>
          attempt(() => {
            const id = u.id ?? u.user_id ?? u.username;
            if (id === undefined || id === null) throw invalid(`entries[${i}].id`, 'is required (or user_id, or username)');
            return coerceBookUserId(id, `entries[${i}].id`);
          }),
        );
        // An app user's own number written without its country is read in the country of their own book.
        const regions = await bookRegionsFor(request.auth.tenant, entries, (_, i) => {
          const id = ids[i]!;
          return id instanceof Error ? [] : [id];
        });
        return readAll(
          entries,
          (u, i) =>
            readItem({
              appUserId: () => {
                const id = ids[i]!;
                if (id instanceof Error) throw id;
                return id;
              },
              name: () => u.name?.trim() || null,
              keys: () => {
                if (channelRefused(refused, i)) return [];
                return keysBesideId(ids[i] instanceof Error || idRefused(refused, i), i, () => {
                  try {
                    return keysOf(u, i, true, USERS, regions[i], leftOut, unread);
                  } catch (e) {
                    if (!noChannelGiven(u) || /did you mean/.test((e as Error).message)) throw e;
                    without.push(i);
                    return [];
                  }
                });
              },
            }),
          refused,
        );
      };
      const entries = await entriesOf(request, S.UsersBody, read);
      const rows = await read(entries);
      await storage.upsertAppUsers(request.auth.tenant, rows, { arrivedAt: arrivedAt(request) });
      const more = [
        ...(without.length === 0
          ? []
          : [
              {
                field: 'entries[].id',
                message: 'has no e-mail and no phone: accepted, and nothing recorded for it, as it can match no contact',
                count: without.length,
                indexes: without.slice(0, 5),
              },
            ]),
        ...nationalLeftOut(leftOut, entries),
        ...unread.warnings(),
      ];
      return {
        message: `Bulk of ${rows.length} users stored for ${request.auth.appName}.`,
        meta: metaOf(request, { docs: `${config.publicUrl}/docs` }, USERS, more),
      };
    },
  });

  // An app user forgotten (an erasure: the person left the app). DELETE /v0/address-book/:user_id keeps
  // the app-user record (the person may still use the app, and must not be suggested to others as
  // someone to invite); this removes it, with every address and number recorded for that id.
  routes.push({
    method: 'DELETE',
    auth: 'secret_key',
    url: '/v0/users/:user_id',
    schema: { summary: 'Forget an app user', tags, params: S.UserIdParams, response: { 200: S.MessageResponse } },
    example: { params: { user_id: '42' } },
    sample: { path: '/v0/users/owner' },
    handler: async (request) => {
      const id = pathUserId(request);
      const n = await storage.deleteAppUser(request.auth.tenant, id);
      if (n === 0) throw new ServiceError('not_found', `No app user ${JSON.stringify(id)} is stored.`);
      return { message: `App user ${id} deleted.`, meta: { time: elapsedSeconds(request) } };
    },
  });

  routes.push({
    ...common,
    auth: 'secret_or_client_key',
    clientUser: 'entries',
    url: '/v0/suggested-seen',
    schema: { summary: 'Record contacts shown as suggestions', tags, body: S.SuggestedSeenBody, response: { 200: S.MessageResponse } },
    example: { body: EXAMPLE_SUGGESTED_SEEN },
    sample: { path: '/v0/suggested-seen', body: { entries: [{ user_id: 'owner', email: 'a@example.com' }] } },
    handler: async (request) => {
      const now = Date.now();
      const unread = new UnreadValues();
      const read = (entries: SuggestedSeenBody['entries'], refused: readonly ErrorDetail[] = []) =>
        readAll(
          entries,
          (e, i) =>
            readItem({
              userId: () => coerceBookUserId(e.user_id, `entries[${i}].user_id`),
              keys: () => (channelRefused(refused, i) ? [] : keysOf(e, i, false, SEEN, [], undefined, unread)),
              seenAt: () => dateOrDefault(e.seen_at, `entries[${i}].seen_at`, now),
            }),
          refused,
        );
      const rows = read(await entriesOf(request, S.SuggestedSeenBody, read));
      await storage.recordSuggestedSeen(request.auth.tenant, rows, { arrivedAt: arrivedAt(request) });
      return { message: 'Suggested seen added.', meta: metaOf(request, {}, SEEN, unread.warnings()) };
    },
  });
  return routes;
}
