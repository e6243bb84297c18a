import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';

const hintPattern = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=`);

/** Whether this browser may hold a session: the session cookie itself is unreadable, its hint is not. */
export const hasSessionHint = () => hintPattern.test(document.cookie);
