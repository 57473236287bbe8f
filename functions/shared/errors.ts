/**
 * Typed errors. Handlers and services throw these; `toHttpResponse` in http.ts is the ONE place that maps
 * them to HTTP. Anything else becomes a generic 500 with no internals.
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, details?: unknown) {
    super(message, 400, 'validation_error', details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Unauthorized') {
    super(message, 401, 'unauthorized');
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'Forbidden') {
    super(message, 403, 'forbidden');
  }
}
/** Also used for "exists but belongs to another family": never reveal that it exists. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(message, 404, 'not_found');
  }
}
export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(message, 409, 'conflict', details);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(message, 413, 'payload_too_large');
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(message, 429, 'rate_limit');
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(message: string) {
    super(message, 503, 'unavailable');
  }
}

/** A step failure worth retrying (a dependency timed out); the state machine retries errors of this name. */
export class TransientError extends Error {
  override name = 'TransientError';
}

/** A pipeline input problem with a message fit to show the family (bad PDF, no table, ...). Not retried. */
export class StatementError extends Error {
  override name = 'StatementError';
  constructor(
    message: string,
    readonly reason: string,
  ) {
    super(message);
  }
}

/** A missing or invalid configuration variable: fail fast, naming it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Paid access ended (the trial is over and the family has not upgraded): 402, with the way to upgrade. */
export class PaymentRequiredError extends AppError {
  constructor(message: string) {
    super(message, 402, 'payment_required');
  }
}
