/**
 * The address-book requests as one use case each: what POST /v0/address-book and GET
 * /v0/address-book/:user_id answer, as plain objects (the wire envelope: `data`, `meta`). There is one
 * path: the HTTP route calls these on the event loop, and a book worker calls the very same functions
 * when a request is big enough to be offloaded; the one serialiser of workers/compilers.ts writes both.
 */
import { StorageError } from '../storage/errors.ts';
import type { Config } from '../config.ts';
import { type OptionError, parseFlag, readRankOptions, type RankOptions } from '../domain/options.ts';
import { ownerOf, sourceKey, sourceRegion } from '../domain/normalize.ts';
import type { EntryInput, SourceInput } from '../domain/types.ts';
import type { KnownUpload, Tenant } from '../storage/types.ts';
import { cleaningOfUpload, toWire, uploadCleaningOf, type AddressBookService, type RankedView, type UploadCleaning } from './address-book.ts';
import { invalid, Problems, type ErrorDetail } from './errors.ts';
import { lenientWarningsOf, originalOf, refusedBodyOf, validateLeniently } from './lenient.ts';
import { refusedWithLater, touches } from './refused.ts';
import { readUploadFields, sourceFieldWarnings, type FieldWarning } from './upload-warnings.ts';
import {
  checkEntries,
  checkReadFields,
  checkTopLevelFields,
  coerceRegion,
  coerceSourceType,
  coerceBookUserId,
  favoriteWarnings,
  countrylessPhoneWarnings,
  unreadPhoneWarnings,
  scientificPhoneWarnings,
  zeroDateWarnings,
  unusedDateWarnings,
  fractionalCountWarnings,
  hugeCountWarnings,
} from './validate.ts';
import { exactIntegersOut } from './json-body.ts';

/** An upload body after schema validation (the shape of the wire schema's UploadBody). */
export interface UploadRequest {
  user_id: unknown;
  source: Omit<SourceInput, 'type'> & { type?: unknown };
  entries: unknown[];
  backfill?: unknown;
  [option: string]: unknown;
}

/** The entries with the Kith fields read from other fields (`fields`, by index): copies of those entries. */
function withFields(entries: EntryInput[], fields: ReadonlyMap<number, Partial<EntryInput>>): EntryInput[] {
  const out = entries.slice();
  for (const [i, f] of fields) out[i] = { ...out[i], ...f };
  return out;
}

/**
 * The entries of a schema-valid upload as the service reads them: with what other fields say (a name in
 * `first_name`/`last_name`, the fields of the platform SDKs: readUploadFields) where the entry has no
 * Kith field of its own. `fields`: readUploadFields of the body, when already computed.
 */
export function entriesAsRead(
  entries: EntryInput[],
  fields: Pick<ReturnType<typeof readUploadFields>, 'fields'> = readUploadFields({ entries }),
): EntryInput[] {
  return fields.fields.size === 0 ? entries : withFields(entries, fields.fields);
}

/** Who asks and how long the request has run (meta.time), wherever the answer is computed. */
export interface AnswerContext {
  tenant: Tenant;
  appName: string;
  elapsed: () => number;
  /** When the request arrived (server clock, epoch ms): an upload's arrival (UploadRecord.arrivedAt). */
  arrivedAt?: number;
  /** A client key's request: ranked from the user's own book only (RankOptions.ownBookOnly). */
  clientKey?: boolean;
}

/** The options a request is ranked with: a client key's from its own book only (RankOptions.ownBookOnly). */
export function optionsFor(opts: RankOptions, ctx: AnswerContext): RankOptions {
  return ctx.clientKey === true ? { ...opts, ownBookOnly: true } : opts;
}

/**
 * Runs the ranking of a stored book elsewhere (a worker) when it is big, and returns the answer's JSON
 * (UTF-8); null: rank here.
 */
export type RankElsewhere = (
  userId: string,
  opts: RankOptions,
  answer: { type: 'get'; docs: string; listLeftOut: boolean } | { type: 'post'; batchId: string; report: () => UploadReport; upToSeq: number },
  known?: KnownUpload,
) => Promise<Buffer | null>;

/**
 * What a POST answer says about the upload beyond the list: its cleaning summary, its left-out entries
 * (when asked for) and the warnings about its fields. Plain data: it travels to a worker as it is.
 */
export interface UploadReport {
  cleaning: UploadCleaning;
  listLeftOut: boolean;
  warnings: FieldWarning[];
}

/** The report's fields of `meta`, in a fixed order (in-process and worker answers are byte-identical). */
function addReport(meta: Record<string, unknown>, r: UploadReport, bookContacts: number | null): void {
  meta.cleaning = bookContacts === null ? r.cleaning.summary : { ...r.cleaning.summary, book_contacts: bookContacts };
  if (r.listLeftOut) listLeftOutInto(meta, r.cleaning);
  if (r.warnings.length > 0) meta.warnings = r.warnings;
}

/** meta.left_out_entries, and meta.left_out_list_people when a list named people left out. */
function listLeftOutInto(meta: Record<string, unknown>, c: UploadCleaning): void {
  meta.left_out_entries = c.leftOut;
  if (c.leftOutListPeople.length > 0) meta.left_out_list_people = c.leftOutListPeople;
}

/** include_left_out=1, or explain=1 (which explains the list, and so what is not in it). */
export function listLeftOutOf(src: Record<string, unknown>, opts: RankOptions): boolean {
  return flagOf(src, 'include_left_out') || opts.explain;
}

/** A flag of a body or query, or the invalid-input error naming it. */
function flagOf(src: Record<string, unknown>, field: string): boolean {
  try {
    return parseFlag(src[field], field);
  } catch (e) {
    throw invalid(field, (e as OptionError).problem);
  }
}

/**
 * The ranking options of a body or query, or the invalid-input error naming every wrong option (each
 * option is read, not only up to the first wrong one).
 */
export function rankOptionsOf(src: Record<string, unknown>): RankOptions {
  const p = new Problems();
  const opts = rankOptionsInto(src, p);
  p.throwIfAny();
  return opts;
}

/** The ranking options, every wrong one's detail added to `p` (and that option read as not given). */
function rankOptionsInto(src: Record<string, unknown>, p: Problems): RankOptions {
  const problems: OptionError[] = [];
  const opts = readRankOptions(src, problems);
  p.add(problems.map((e) => ({ field: e.field, message: e.problem })));
  return opts;
}

/**
 * The options of GET (the ranking options and include_left_out): one 400 naming every wrong one.
 * `listLeftOut`: include_left_out=1 or explain=1.
 */
export function bookOptionsOf(src: Record<string, unknown>): { opts: RankOptions; listLeftOut: boolean } {
  const p = new Problems();
  const opts = rankOptionsInto(src, p);
  const listLeftOut = p.run(() => flagOf(src, 'include_left_out'), false) || opts.explain;
  p.throwIfAny();
  return { opts, listLeftOut };
}

/** The answer of POST with a ranked list; `report`: what it says about the upload (meta.cleaning...). */
export function postAnswer(view: RankedView, batchId: string, userId: string, ctx: AnswerContext, report?: UploadReport) {
  const meta: Record<string, unknown> = { app_name: ctx.appName, time: 0, total_count: view.rows.length, user_id: userId };
  if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
  if (report !== undefined) addReport(meta, report, view.cleaning.summary.contacts);
  if (view.warnings !== undefined) meta.warnings = [...((meta.warnings as FieldWarning[] | undefined) ?? []), ...view.warnings];
  const data = view.rows.map(toWire);
  meta.time = ctx.elapsed();
  return { batch_id: batchId, data, message: `Address book for ${userId} added.`, meta };
}

/** The answer of GET; `listLeftOut`: with the book's left-out entries (include_left_out=1 or explain=1). */
export function getAnswer(view: RankedView, userId: string, docs: string, ctx: AnswerContext, listLeftOut = false) {
  const meta: Record<string, unknown> = {
    app_name: ctx.appName,
    docs,
    help: 'Questions? See the reference at meta.docs.',
    time: 0,
    total_count: view.rows.length,
    user_id: userId,
  };
  if (view.exceptionMatchingDomain) meta.exception_matching_email_domain = true;
  meta.cleaning = view.cleaning.summary;
  if (listLeftOut) listLeftOutInto(meta, view.cleaning);
  if (view.warnings !== undefined) meta.warnings = view.warnings;
  const data = view.rows.map(toWire);
  meta.time = ctx.elapsed();
  return { meta, data };
}

/** What the checks of an upload read from its body: the values the upload goes on with. */
interface CheckedUpload {
  userId: string;
  opts: RankOptions;
  backfill: boolean;
  replace: boolean;
  listLeftOut: boolean;
  source: SourceInput;
  fields: ReturnType<typeof readUploadFields>;
  entries: EntryInput[];
}

/**
 * The checks of an upload that the schema does not make (its user id, options, source, dates, sizes),
 * every one of them: each problem is added to `p` (a wrong value read as not given), so that one 400
 * names every wrong field whichever check found it.
 */
function checkUpload(body: UploadRequest, config: Config, p: Problems, ownerRefused = false): CheckedUpload {
  const userId = p.run(() => coerceBookUserId(body.user_id, 'user_id'), '');
  const opts = rankOptionsInto(body, p);
  const listLeftOut = p.run(() => flagOf(body, 'include_left_out'), false) || opts.explain;
  const backfill = p.run(() => flagOf(body, 'backfill'), false);
  const replace = p.run(() => flagOf(body, 'replace_source'), false);
  const source: SourceInput = { ...body.source, type: p.run(() => coerceSourceType(body.source.type), null) };
  if (body.source.region !== undefined) source.region = p.run(() => coerceRegion(body.source.region, 'source.region'), null);
  // Fields the schema does not name: warned about, and a person's name, addresses, company … in other
  // fields (the SDKs') read into Kith's where the entry has none (copies of those entries; the raw upload
  // keeps them as sent).
  const fields = readUploadFields(body);
  p.run(() => checkReadFields(fields.fields as ReadonlyMap<number, Record<string, unknown>>, fields.from, config), undefined);
  const entries = entriesAsRead(body.entries as EntryInput[], fields);
  p.run(() => checkEntries(entries, config), undefined);
  p.run(() => checkTopLevelFields(body, config), undefined);
  // A replace needs the source's owner: without one, the source is every other ownerless one of the user.
  // (Not when the schema refused the owner given: it was given, of a wrong type, and is named already.)
  if (replace && !ownerRefused && sourceKey(source).endsWith(':-')) {
    // An owner given but unreadable (`+1415`: a probe was told to send the source.phone it had sent) is named as such.
    const given = (['email', 'phone'] as const).filter((f) => typeof source[f] === 'string' && (source[f] as string).trim() !== '');
    p.add([
      {
        field: 'replace_source',
        message:
          given.length > 0
            ? `needs the source's owner, and ${given.length > 1 ? 'source.email and source.phone name no owner' : `source.${given[0]} is no ${ownerFieldWords(given[0]!)}`} Kith can read: it replaces the user's earlier uploads of the same source, told apart by their owner; send the owner's address, or number in full (E.164)`
            : "needs the source's owner (source.email or source.phone): it replaces the user's earlier uploads of the same source, and a source naming no owner cannot be told from the user's other sources (a contacts file names none)",
      },
    ]);
  }
  return { userId, opts, backfill, replace, listLeftOut, source, fields, entries };
}

/**
 * The problems the upload's own checks find in a body the schema refused, `pruned` of the fields the
 * schema named (refused.ts pruneRefused): the fields the schema did not refuse are still checked, so that
 * the 400 names them too. A part of the body the schema refused whole (`source`, `entries`) is read as
 * empty; nothing is stored.
 */
export function uploadProblems(pruned: unknown, config: Config, refused: readonly ErrorDetail[] = []): ErrorDetail[] {
  if (pruned === null || typeof pruned !== 'object' || Array.isArray(pruned)) return [];
  const b = pruned as Record<string, unknown>;
  const isObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const body = {
    ...b,
    source: isObject(b.source) ? b.source : {},
    entries: Array.isArray(b.entries) ? b.entries.map((e) => (isObject(e) ? e : {})) : [],
  } as UploadRequest;
  const p = new Problems();
  checkUpload(body, config, p, touches(refused, 'source.email') || touches(refused, 'source.phone'));
  return p.details;
}

/**
 * An upload body the strict schema refused (`strictError`; `validate`: that schema), read leniently
 * (lenient.ts): the body it goes on with, or the 400 naming every wrong field, the schema's and those the
 * upload's own checks find in the rest of the body (refused.ts).
 */
export async function readRefusedUpload(body: unknown, strictError: unknown, validate: (b: unknown) => void, config: Config): Promise<unknown> {
  try {
    return validateLeniently(body, strictError, validate);
  } catch (e) {
    throw await refusedWithLater(e, refusedBodyOf(e), (pruned, refused) => uploadProblems(pruned, config, refused));
  }
}

/**
 * POST /v0/address-book after schema validation: the checks the schema cannot express, the upload, and
 * the answer (an object to serialise, or its JSON when `elsewhere` ranked the book).
 * The event loop and the workers both run exactly this.
 */
export async function answerUpload(
  service: AddressBookService,
  config: Config,
  body: UploadRequest,
  ctx: AnswerContext,
  elsewhere?: RankElsewhere,
  rawJson?: string | Uint8Array,
): Promise<object | Buffer> {
  const p = new Problems();
  const { userId, opts: asked, backfill, replace, listLeftOut, source, fields, entries } = checkUpload(body, config, p);
  p.throwIfAny();
  const opts = optionsFor(asked, ctx);
  // What was read leniently (lenient.ts: a body the strict schema refused), then the unknown fields.
  let lenient = lenientWarningsOf(body);
  let unread = sourceFieldWarnings(source, sourceRegion(source) ?? config.defaultRegion);
  // One warning per source field: the owner's phone sent as a JSON number is read as its digits, which
  // then name no country (digits without '+'): one warning saying both.
  if (lenient.length > 0 && unread.length > 0) {
    const also = new Map(unread.map((w) => [w.field, w]));
    lenient = lenient.map((w) => {
      const more = also.get(w.field);
      return more === undefined ? w : { ...w, message: `${w.message}; ${more.message}` };
    });
    unread = unread.filter((w) => !lenient.some((l) => l.field === w.field));
  }
  const ofEntries = [
    ...favoriteWarnings(entries),
    ...scientificPhoneWarnings(entries),
    ...fractionalCountWarnings(entries),
    ...hugeCountWarnings(entries),
    ...zeroDateWarnings(entries, ['last_message_sent_date', 'last_message_received_date'], 'no date'),
    ...unusedDateWarnings(entries, ['last_message_sent_date', 'last_message_received_date'], Date.now()),
  ];
  let warnings =
    lenient.length === 0 && unread.length === 0 && ofEntries.length === 0 ? fields.warnings : [...lenient, ...unread, ...fields.warnings, ...ofEntries];
  // The upload as received is kept (a better cleaner can recompute from it): the body text when the
  // caller has it, else the JSON of the body as sent (small bodies, parsed on the event loop), its exact
  // integers written back as the digits sent (reclean reads it as POST read the body).
  const { batchId, known, store } = service.prepareUpload(
    ctx.tenant,
    userId,
    source,
    entries,
    rawJson ?? exactIntegersOut(JSON.stringify(originalOf(body))),
    ctx.arrivedAt,
  );
  const normalized = known.upload.normalized;
  const unreadPhones = unreadPhoneWarnings(normalized);
  if (unreadPhones.length > 0) warnings = [...warnings, ...unreadPhones];
  if (sourceRegion(source) === null && config.defaultRegion === null) {
    const countryless = countrylessPhoneWarnings(normalized);
    if (countryless.length > 0) warnings = [...warnings, ...countryless];
  }
  // The upload's cleaning, computed once and only when needed (see uploadCleaningOf for the ranked book).
  let cleaning: UploadCleaning | undefined;
  const reportOf = (view?: RankedView): UploadReport => {
    if (cleaning === undefined) {
      // The upload on its own: its owner is its own source's.
      const self = ownerOf([source], config.defaultRegion);
      cleaning = view !== undefined ? uploadCleaningOf(view, normalized, self) : cleaningOfUpload(normalized, self);
    }
    return { cleaning, listLeftOut, warnings };
  };
  // A failure of the database while ranking, after the upload's commit, says the upload is stored: a 503
  // alone reads as "nothing was stored", and the client would send it again (a review). Not a failed
  // replace: the earlier uploads stay then, and the same upload sent again replaces them all.
  let replaced = !replace;
  try {
    // The upload's sequence number once stored: the answer is the book as it stood at that commit
    // (uploads stored up to it), whatever was stored, replaced or deleted after it (two servers: a probe
    // saw an answer without its own upload, replaced by a later one, and a stored upload answered 404).
    let committed: number | undefined;
    if (replace) {
      // The source's earlier uploads go once this one is stored (a failure between the two leaves both:
      // the error answered, and the same upload sent again replaces them all). Then ranked from storage.
      committed = await store();
      const found: { otherOwners: number; otherTypes?: number } = { otherOwners: 0 };
      const gone = await service.replaceSource(ctx.tenant, userId, known.upload, committed, found);
      if (gone === 0 && (found.otherTypes ?? 0) > 0) {
        // Nothing replaced, though the book holds uploads of this owner under another type (or none).
        warnings = [
          ...warnings,
          {
            field: 'replace_source',
            message: `replaced nothing: no earlier upload of this source (its type and source.email, else source.phone); ${found.otherTypes} earlier upload(s) of the same owner under another source.type (or none) stay. Send the source's type as before, or delete the book and upload again`,
            count: found.otherTypes!,
          },
        ];
      }
      if (gone === 0 && found.otherOwners > 0) {
        // Nothing replaced, though the book holds uploads of this type under another owner: a sync that began
        // sending `source.email` beside its phone is another source (a probe: the old copies stayed, silently).
        warnings = [
          ...warnings,
          {
            field: 'replace_source',
            message: `replaced nothing: no earlier upload of this source (its type and source.email, else source.phone); ${found.otherOwners} earlier upload(s) of type "${source.type ?? 'unknown'}" name another owner and stay. Send the source's owner as before, or delete the book and upload again`,
            count: found.otherOwners,
          },
        ];
      }
      replaced = true;
    }
    if (backfill) {
      // Summarised while the upload is being stored (where the engine writes on another thread or server).
      const stored = store();
      const report = reportOf();
      await stored;
      const meta: Record<string, unknown> = { app_name: ctx.appName, time: 0, user_id: userId };
      addReport(meta, report, null);
      meta.time = ctx.elapsed();
      return { batch_id: batchId, message: `Address book for ${userId} added.`, meta };
    }
    if (elsewhere) {
      // A worker that ranks reads the book back, as it stood at the commit: it must be stored first. It
      // answers null when it does not find the upload there (a DELETE or a replace after the commit): then
      // the book is ranked here, with the upload in hand.
      committed = await store();
      const json = await elsewhere(userId, opts, { type: 'post', batchId, report: () => reportOf(), upToSeq: committed }, known);
      if (json !== null) return json;
    }
    // Ranked while the upload is being stored (at the same time where the engine writes elsewhere): the
    // storing starts once the book's signal lookup is under way (see AddressBookService.contactsOf). The
    // answer waits for the commit: an upload is acknowledged only once stored, and it is stored even when
    // the ranking fails before starting it.
    let view: RankedView;
    let seq: number;
    try {
      view = await service.ranked(ctx.tenant, userId, opts, known, { whileLookingUp: store, upToSeq: committed });
    } finally {
      seq = await store(); // a failed write is the error to report, before any ranking error
    }
    // Another upload of the user, or a DELETE, between the book's read and this upload's commit: the book
    // is read again as it stood at the commit (the uploads stored up to it, this one in hand), as if the
    // requests had run one after the other.
    if (committed === undefined && !(await service.sawCommittedBook(ctx.tenant, userId, seq, view))) {
      view = await service.ranked(ctx.tenant, userId, opts, known, { upToSeq: seq });
    }
    return postAnswer(view, batchId, userId, ctx, reportOf(view));
  } catch (e) {
    throw replaced ? await storedBefore(e, batchId, store) : e;
  }
}

/**
 * A retryable storage failure (unavailable, busy, uncertain) of a POST whose upload was committed before
 * it: the error marked with the upload's batch id (StorageError.stored), so the answer says the upload is
 * in the book. `store` is the upload's one write (prepareUpload): awaited here, it tells whether the commit
 * happened; it is started if the failure came first, as the answer always stores the upload. Any other
 * error, or a failed write, is returned as it is.
 */
async function storedBefore(e: unknown, batchId: string, store: () => Promise<number>): Promise<unknown> {
  if (!(e instanceof StorageError) || e.stored !== undefined || !(e.kind === 'unavailable' || e.kind === 'busy' || e.kind === 'uncertain')) return e;
  const committed = await store().then(
    () => true,
    () => false,
  );
  return committed ? e.afterStored(batchId) : e;
}

/** What an owner field holds, in words (the replace_source refusal). */
function ownerFieldWords(field: 'email' | 'phone'): string {
  return field === 'email' ? 'e-mail address' : 'phone number';
}
