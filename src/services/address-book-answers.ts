/**
 * The address-book requests as one use case each: what POST /v0/address-book and GET
 * /v0/address-book/:user_id answer, as plain objects (the wire envelope: `data`, `meta`). There is one
 * path: the HTTP route calls these on the event loop, and a book worker calls the very same functions
 * when a request is big enough to be offloaded; the one serialiser of workers/compilers.ts writes both.
 */
import type { Config } from '../config.ts';
import { OptionError, parseFlag, parseRankOptions, type RankOptions } from '../domain/options.ts';
import { ownerOf, sourceKey, sourceRegion } from '../domain/normalize.ts';
import type { EntryInput, SourceInput } from '../domain/types.ts';
import type { KnownUpload, Tenant } from '../storage/types.ts';
import { cleaningOfUpload, toWire, uploadCleaningOf, type AddressBookService, type RankedView, type UploadCleaning } from './address-book.ts';
import { invalid } from './errors.ts';
import { lenientWarningsOf, originalOf } from './lenient.ts';
import { readUploadFields, sourceFieldWarnings, type FieldWarning } from './upload-warnings.ts';
import {
  checkEntries,
  checkReadFields,
  checkTopLevelFields,
  coerceRegion,
  coerceSourceType,
  coerceBookUserId,
  favoriteWarnings,
  scientificPhoneWarnings,
  fractionalCountWarnings,
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
  try {
    return parseFlag(src.include_left_out, 'include_left_out') || opts.explain;
  } catch (e) {
    throw invalid('include_left_out', (e as OptionError).problem);
  }
}

/** The ranking options of a body or query, or the invalid-input error naming the option. */
export function rankOptionsOf(src: Record<string, unknown>): RankOptions {
  try {
    return parseRankOptions(src);
  } catch (e) {
    if (e instanceof OptionError) throw invalid(e.field, e.problem);
    throw e;
  }
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
  const userId = coerceBookUserId(body.user_id, 'user_id');
  const opts = rankOptionsOf(body);
  let backfill: boolean;
  let replace: boolean;
  try {
    backfill = parseFlag(body.backfill, 'backfill');
  } catch (e) {
    throw invalid('backfill', (e as OptionError).problem);
  }
  try {
    replace = parseFlag(body.replace_source, 'replace_source');
  } catch (e) {
    throw invalid('replace_source', (e as OptionError).problem);
  }
  const source: SourceInput = { ...body.source, type: coerceSourceType(body.source.type) };
  if (body.source.region !== undefined) source.region = coerceRegion(body.source.region, 'source.region');
  // Fields the schema does not name: warned about, and a person's name, addresses, company … in other
  // fields (the SDKs') read into Kith's where the entry has none (copies of those entries; the raw upload
  // keeps them as sent).
  const fields = readUploadFields(body);
  checkReadFields(fields.fields as ReadonlyMap<number, Record<string, unknown>>, fields.from, config);
  const entries = entriesAsRead(body.entries as EntryInput[], fields);
  checkEntries(entries, config);
  checkTopLevelFields(body, config);
  const listLeftOut = listLeftOutOf(body, opts);
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
  const ofEntries = [...favoriteWarnings(entries), ...scientificPhoneWarnings(entries), ...fractionalCountWarnings(entries)];
  const warnings =
    lenient.length === 0 && unread.length === 0 && ofEntries.length === 0 ? fields.warnings : [...lenient, ...unread, ...fields.warnings, ...ofEntries];
  // A replace needs the source's owner: without one, the source is every other ownerless one of the user.
  if (replace && sourceKey(source).endsWith(':-')) {
    throw invalid(
      'replace_source',
      "needs the source's owner (source.email or source.phone): it replaces the user's earlier uploads of the same source, and a source naming no owner cannot be told from the user's other sources (a contacts file names none)",
    );
  }
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
  // The upload's sequence number once stored: the answer is the book as it stood at that commit
  // (uploads stored up to it), whatever was stored, replaced or deleted after it (two servers: a probe
  // saw an answer without its own upload, replaced by a later one, and a stored upload answered 404).
  let committed: number | undefined;
  if (replace) {
    // The source's earlier uploads go once this one is stored (a failure between the two leaves both:
    // the error answered, and the same upload sent again replaces them all). Then ranked from storage.
    committed = await store();
    await service.replaceSource(ctx.tenant, userId, known.upload, committed);
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
}
