import type { User } from './users.ts';

// Kept apart from the zod schemas in users.ts, so the page header can use it without loading zod.

/** Who may enter the admin panel: contributors and super users. */
export const canUseAdmin = (u: Pick<User, 'isContributor' | 'isSuperUser'> | null | undefined) =>
  Boolean(u && (u.isContributor || u.isSuperUser));
