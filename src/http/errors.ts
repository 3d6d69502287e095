/**
 * One error type with a closed set of codes, one body shape, true HTTP statuses.
 * Body: {"error": "<sentence>", "code": "<snake_case>", "details"?: [...], "meta": {"time", "request_id"}}.
 */
import { invalidMessage, type ErrorDetail, type ServiceErrorCode } from '../services/errors.ts';

export type { ErrorDetail };

export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  address_book_not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  address_book_deleted: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Every service error code has its status here (a compile error otherwise). */
const _serviceCodesMapped: Record<ServiceErrorCode, number> = ERROR_STATUS;
void _serviceCodesMapped;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

/** A 400 about one field: the message names the field. */
export function invalid(field: string, message: string): ApiError {
  return new ApiError('invalid_request', invalidMessage([{ field, message }]), [{ field, message }]);
}

/** A 400 about several fields at once (worded as the services' own: invalidMessage). */
export function invalidMany(details: ErrorDetail[]): ApiError {
  if (details.length === 1) return invalid(details[0].field, details[0].message);
  return new ApiError('invalid_request', invalidMessage(details), details);
}
