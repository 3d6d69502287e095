/**
 * The services' own error type: what went wrong with a use case, in words safe to show the caller, with
 * a stable code. Services know nothing of HTTP; http/error-handler.ts is the one place that maps these
 * codes (and storage's StorageError kinds) to statuses.
 */

/** Codes a use case can fail with. http/errors.ts gives each one its HTTP status. */
export type ServiceErrorCode = 'invalid_request' | 'invalid_json' | 'not_found' | 'address_book_not_found' | 'conflict' | 'unauthorized' | 'forbidden';

/** One problem with the input: where (a JSON path such as `entries[3].emails[0]`) and what. */
export interface ErrorDetail {
  field: string;
  message: string;
}

/** A use case refused or failed: `code` says which way, `details` which fields (for invalid input). */
export class ServiceError extends Error {
  constructor(
    readonly code: ServiceErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** Invalid input about one field: the message names the field. */
export function invalid(field: string, message: string): ServiceError {
  return new ServiceError('invalid_request', invalidMessage([{ field, message }]), [{ field, message }]);
}

/** Invalid input about several fields at once (the message names the first and counts the rest). */
export function invalidMany(details: ErrorDetail[]): ServiceError {
  if (details.length === 1) return invalid(details[0].field, details[0].message);
  return new ServiceError('invalid_request', invalidMessage(details), details);
}

/**
 * The message of a 400 listing `details` (at least one): the first named, the rest counted, and, at
 * MAX_DETAILS, that the check stopped there. The HTTP layer's errors say it the same way (src/http/errors.ts).
 */
export function invalidMessage(details: readonly ErrorDetail[]): string {
  const first = details[0]!;
  if (details.length === 1) return `Invalid request: ${first.field} ${first.message}.`;
  const more = details.length - 1;
  const stops = details.length >= MAX_DETAILS ? `; the check stops at ${MAX_DETAILS}, so there may be more` : '';
  return `Invalid request: ${first.field} ${first.message} (and ${more} more problem${more > 1 ? 's' : ''}${stops}).`;
}

/**
 * Most details one 400 lists (a body of 100,000 wrong items gets a bounded answer): the record
 * endpoints, the lenient reading and the upload's checks all stop at it.
 */
export const MAX_DETAILS = 20;

/** The details of an invalid-input error (a ServiceError, or the HTTP layer's ApiError); null for any other error. */
export function invalidDetailsOf(e: unknown): ErrorDetail[] | null {
  if (e === null || typeof e !== 'object') return null;
  const { code, details } = e as { code?: unknown; details?: unknown };
  return code === 'invalid_request' && Array.isArray(details) ? (details as ErrorDetail[]) : null;
}

/**
 * Collects the problems of several checks, so that one 400 names every wrong field whichever check found
 * it (not only the first check's): `run` returns the check's value, or `fallback` when it threw an
 * invalid-input error (its details kept); any other error is thrown as it is. `throwIfAny` throws one
 * invalidMany of them all (at most MAX_DETAILS), in the order found.
 */
export class Problems {
  readonly details: ErrorDetail[] = [];

  run<T>(check: () => T, fallback: T): T {
    try {
      return check();
    } catch (e) {
      const d = invalidDetailsOf(e);
      if (d === null) throw e;
      this.add(d);
      return fallback;
    }
  }

  add(details: readonly ErrorDetail[]): void {
    for (const d of details) if (this.details.length < MAX_DETAILS) this.details.push(d);
  }

  get full(): boolean {
    return this.details.length >= MAX_DETAILS;
  }

  throwIfAny(): void {
    if (this.details.length > 0) throw invalidMany(this.details);
  }
}
