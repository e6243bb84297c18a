/**
 * A readable, non-secret cookie set beside the HttpOnly session cookie and cleared with it. It only
 * says "a session may exist", so the client asks who is logged in only then and visitors' pages make
 * no request that is bound to answer 401.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
