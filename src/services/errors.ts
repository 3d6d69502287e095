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
  return new ServiceError('invalid_request', `Invalid request: ${field} ${message}.`, [{ field, message }]);
}

/** Invalid input about several fields at once (the message names the first and counts the rest). */
export function invalidMany(details: ErrorDetail[]): ServiceError {
  if (details.length === 1) return invalid(details[0].field, details[0].message);
  const first = details[0];
  return new ServiceError(
    'invalid_request',
    `Invalid request: ${first.field} ${first.message} (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''}).`,
    details,
  );
}
