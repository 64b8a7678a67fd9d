import { $ZodError } from "zod/v4/core";

export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export class ValidationError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = "Authentication required") {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = "Forbidden") {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends HttpError {
  constructor(message = "Content-Type must be application/json") {
    super(415, message);
  }
}
export class RateLimitError extends HttpError {
  constructor(public readonly retryAfterSeconds: number) {
    super(429, "Too many requests. Please wait a moment and try again.");
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
    const headers = err instanceof RateLimitError ? { "Retry-After": String(err.retryAfterSeconds) } : undefined;
    return Response.json({ success: false, error: err.message, ...err.body }, { status: err.status, headers });
  }
  console.error("[api] unexpected error", err);
  return Response.json({ success: false, error: "Internal server error" }, { status: 500 });
}
