import { z } from 'zod';

/** A user as the API shows it; never carries the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  twitter: z.string(),
  isContributor: z.boolean(),
  isSuperUser: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Who may enter the admin panel. */
export const canUseAdmin = (u: Pick<User, 'isContributor' | 'isSuperUser'> | null | undefined) =>
  Boolean(u && (u.isContributor || u.isSuperUser));
