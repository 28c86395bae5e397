class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    if (Error.captureStackTrace) Error.captureStackTrace(this, HttpError);
  }
}
const error = new HttpError(404, 'not found');
console.log(error.name, error.status, error.message, typeof error.stack, error instanceof HttpError);
const target = {};
Error.captureStackTrace(target);
console.log(typeof target.stack, typeof Error.stackTraceLimit);
throw new HttpError(500, 'server exploded');
