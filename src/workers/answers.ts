/**
 * The one path of the address-book requests, from a validated body (or a user id and options) to the
 * answer's JSON bytes: the use case (services/address-book-answers.ts) and the one serialiser. The HTTP
 * route runs it on the event loop, a book worker runs it for big requests: there is no second path to
 * keep equal.
 */
import type { Config } from '../config.ts';
import type { RankOptions } from '../domain/options.ts';
import type { Schemas } from '../http/schemas.ts';
import type { AddressBookService, AppState } from '../services/address-book.ts';
import {
  answerUpload,
  getAnswer,
  postAnswer,
  type AnswerContext,
  type RankElsewhere,
  type UploadReport,
  type UploadRequest,
} from '../services/address-book-answers.ts';
import { ServiceError } from '../services/errors.ts';
import type { KnownUpload, StoredBook } from '../storage/types.ts';
import { answerSerializers } from './compilers.ts';

export class AddressBookAnswers {
  readonly #write: ReturnType<typeof answerSerializers>;

  constructor(
    private readonly service: AddressBookService,
    private readonly config: Config,
    schemas: Schemas,
  ) {
    this.#write = answerSerializers(schemas);
  }

  /**
   * POST /v0/address-book from a schema-validated body: the answer's JSON, and whether it was a backfill
   * (no list). `elsewhere` may rank a big book on a worker; `rawJson` is the body as received.
   */
  async upload(
    body: UploadRequest,
    ctx: AnswerContext,
    elsewhere?: RankElsewhere,
    rawJson?: string | Uint8Array,
  ): Promise<{ json: Buffer; backfill: boolean }> {
    const answer = await answerUpload(this.service, this.config, body, ctx, elsewhere, rawJson);
    if (Buffer.isBuffer(answer)) return { json: answer, backfill: false };
    return { json: Buffer.from(this.#write.upload(answer as { data?: unknown }), 'utf8'), backfill: !('data' in answer) };
  }

  /**
   * GET /v0/address-book/:user_id: the stored book ranked with `opts`; `listLeftOut`: with its left-out
   * entries; `book`: the book, already loaded (null: none; absent: read here); `appState`: the app's
   * weights and alias check, already being read beside it (AddressBookService.appStateOf).
   */
  async read(
    userId: string,
    opts: RankOptions,
    docs: string,
    ctx: AnswerContext,
    listLeftOut = false,
    book?: StoredBook | null,
    appState?: Promise<AppState>,
  ): Promise<Buffer> {
    const view = await this.service.ranked(ctx.tenant, userId, opts, undefined, { ...(book !== undefined ? { book } : {}), appState });
    return Buffer.from(this.#write.book(getAnswer(view, userId, docs, ctx, listLeftOut)), 'utf8');
  }

  /** The ranked answer of a POST whose upload is already stored (batch `batchId`, its `report`). */
  /**
   * A stored upload's answer: its book as it stood at its commit (`upToSeq`). address_book_not_found when
   * the upload is no longer there (a DELETE or a replace after the commit): the caller ranks the book with
   * the upload in hand instead.
   */
  async uploaded(
    userId: string,
    opts: RankOptions,
    batchId: string,
    ctx: AnswerContext,
    report: UploadReport,
    known?: KnownUpload,
    upToSeq?: number,
  ): Promise<Buffer> {
    const view = await this.service.ranked(ctx.tenant, userId, opts, known, upToSeq === undefined ? {} : { upToSeq });
    if (!view.bookBatches.includes(batchId)) throw new ServiceError('address_book_not_found', 'The upload is no longer stored.');
    return Buffer.from(this.#write.upload(postAnswer(view, batchId, userId, ctx, report)), 'utf8');
  }
}
