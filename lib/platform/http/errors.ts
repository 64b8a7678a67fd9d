import { $ZodError } from "zod/v4/core";

/**
 * An error with its HTTP status. Each subclass names itself explicitly (not via constructor.name, which the
 * production build's minifier may shorten), so logs and test failures say which error it was.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    public readonly status: number,
    message: string,
    public readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export class ValidationError extends HttpError {
  override name = "ValidationError";
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  override name = "UnauthorizedError";
  constructor(message = "Authentication required") {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  override name = "ForbiddenError";
  constructor(message = "Forbidden") {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  override name = "NotFoundError";
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  override name = "ConflictError";
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  override name = "PayloadTooLargeError";
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  override name = "UnsupportedMediaTypeError";
  constructor(message = "Content-Type must be application/json") {
    super(415, message);
  }
}
/** An answer the caller may repeat after `retryAfterSeconds`: sent with a Retry-After header. */
export class RetryLaterError extends HttpError {
  override name = "RetryLaterError";
  constructor(
    status: 429 | 503,
    public readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(status, message);
  }
}
export class RateLimitError extends RetryLaterError {
  override name = "RateLimitError";
  constructor(retryAfterSeconds: number, message = "Too many requests. Please wait a moment and try again.") {
    super(429, retryAfterSeconds, message);
  }
}
/** The server is busy (the page render queue is full). */
export class ServiceUnavailableError extends RetryLaterError {
  override name = "ServiceUnavailableError";
  constructor(retryAfterSeconds: number, message = "The server is busy. Please try again in a moment.") {
    super(503, retryAfterSeconds, message);
  }
}

/** The one place that turns a thrown error into an HTTP answer. */
export function errorToResponse(err: unknown): Response {
  // zod and zod/mini schemas both throw $ZodError.
  if (err instanceof $ZodError) {
    const first = err.issues[0];
    return Response.json({ success: false, error: first?.message ?? "Invalid request", issues: err.issues }, { status: 400 });
  }
  if (err instanceof HttpError) {
    const headers = err instanceof RetryLaterError ? { "Retry-After": String(err.retryAfterSeconds) } : undefined;
    return Response.json({ success: false, error: err.message, ...err.body }, { status: err.status, headers });
  }
  console.error("[api] unexpected error", err);
  return Response.json({ success: false, error: "Internal server error" }, { status: 500 });
}

/** `value` when it is there, else the 404 with `message` (a record that exists only for some kinds of its parent). */
export function presentOr404<T>(value: T | null | undefined, message = "Not found"): T {
  if (value === null || value === undefined) throw new NotFoundError(message);
  return value;
}
