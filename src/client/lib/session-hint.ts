import { SESSION_HINT_COOKIE } from '#common/session-hint.ts';

const hintPattern = new RegExp(`(?:^|;\\s*)${SESSION_HINT_COOKIE}=([^;]*)`);
const hint = () => hintPattern.exec(document.cookie)?.[1];

/** Whether this browser may hold a session: the session cookie itself is unreadable, its hint is not. */
export const hasSessionHint = () => hint() !== undefined;

/** Whether that session may be a contributor's or super user's, who may read hidden content. */
export const hasStaffHint = () => hint() === 'staff';
