/**
 * A readable, non-secret cookie set beside the HttpOnly session cookie and cleared with it. It only
 * says "a session may exist" (`1`), or "a session of someone who may use the admin panel may exist"
 * (`staff`), so the client asks who is logged in only then, visitors' pages make no request that is
 * bound to answer 401, and a reader's page makes no admin read bound to answer 403. It grants
 * nothing: the server checks the session on every call.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
