import { PASSWORD_MAX, PASSWORD_MIN } from '#common/users.ts';
import { TextField } from './text-field.tsx';

type Props = Omit<
  React.ComponentProps<typeof TextField>,
  'type' | 'autoComplete' | 'limit' | 'counterFrom'
> & {
  /** The rule under the field; the confirmation field goes without it. */
  withRule?: boolean;
};

/**
 * A field for a new password (sign-up, password change, reset) or its confirmation: the password
 * managers' new-password hint, the schema's length limit with a counter near it, and the rule.
 */
export function NewPasswordField({ withRule = false, ...field }: Props) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      limit={PASSWORD_MAX}
      counterFrom={PASSWORD_MAX * 0.8}
      hint={withRule ? `At least ${PASSWORD_MIN} characters, and not a common password.` : undefined}
      {...field}
    />
  );
}
