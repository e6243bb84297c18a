/**
 * An error whose message is safe to show the visitor; the error handler answers { error: message },
 * with `field` when it is about one field of the body (so a form can show it beside that field).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const unauthorized = (message = 'You need to log in first.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
/** A league service failed or refused; 502 so the page can tell "their side" from "ours". */
export const upstream = (message: string) => new HttpError(502, message);
