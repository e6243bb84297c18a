import { TextAreaField, TextField } from '../text-field.tsx';
import type { EspnFormErrors, EspnFormValues } from './espn-form.ts';

export interface EspnFieldsProps {
  /** The form's id: the fields' ids start with it. */
  formId: string;
  values: EspnFormValues;
  /** What the form's own check found, field by field. */
  errors: EspnFormErrors;
  /** The id of the server's refusal, while one is shown: every field is described by it. */
  refusalId?: string;
  /** Whether the private league part is open (it opens itself to show a cookie's problem). */
  cookiesOpen: boolean;
  onCookiesOpen: (open: boolean) => void;
  onChange: (name: keyof EspnFormValues, value: string) => void;
}

export const espnFieldId = (formId: string, name: keyof EspnFormValues) => `${formId}-${name}`;

/**
 * The ESPN connect form's fields: the box of league ids or team page addresses, and, folded under
 * "Private league?", the member's two ESPN cookies (password fields: they are never shown again).
 */
export function EspnFields({
  formId,
  values,
  errors,
  refusalId,
  cookiesOpen,
  onCookiesOpen,
  onChange,
}: EspnFieldsProps) {
  const invalid = (name: keyof EspnFormValues) => (errors[name] || refusalId ? true : undefined);
  const cookieField = (name: 'espnS2' | 'swid', label: string, maxLength: number) => (
    <TextField
      id={espnFieldId(formId, name)}
      label={label}
      name={name}
      type="password"
      autoComplete="off"
      spellCheck={false}
      autoCapitalize="off"
      maxLength={maxLength}
      value={values[name]}
      error={errors[name]}
      aria-invalid={invalid(name)}
      describedBy={refusalId}
      onChange={(e) => onChange(name, e.target.value)}
    />
  );
  return (
    <>
      <TextAreaField
        id={espnFieldId(formId, 'leagues')}
        label="League ids or team page addresses"
        name="leagues"
        rows={4}
        autoFocus
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        hint="One a line: a league id, such as 1234567, or the address of your team’s page on ESPN."
        value={values.leagues}
        error={errors.leagues}
        aria-invalid={invalid('leagues')}
        describedBy={refusalId}
        onChange={(e) => onChange('leagues', e.target.value)}
      />
      <details
        className="rounded-md border border-slate-200 bg-slate-50 p-3"
        open={cookiesOpen}
        onToggle={(e) => onCookiesOpen(e.currentTarget.open)}
        data-testid="espn-cookies"
      >
        <summary className="min-h-6 cursor-pointer text-sm font-semibold text-slate-800">
          Private league?
        </summary>
        <div className="mt-2 flex flex-col gap-3">
          <div className="flex flex-col gap-1 text-xs text-slate-600">
            <p>
              On espn.com signed in, open your browser’s developer tools → Application (Storage) → Cookies →
              espn.com, and copy espn_s2 and SWID.
            </p>
            <p>
              Signed in, they are kept encrypted on your account; otherwise in this browser’s cookie. They are
              sent only to ESPN and never shown again.
            </p>
          </div>
          {/* espn_s2's longest (ESPN_S2); a SWID is 38 characters, with room for spaces pasted around it. */}
          {cookieField('espnS2', 'espn_s2', 2048)}
          {cookieField('swid', 'SWID', 64)}
        </div>
      </details>
    </>
  );
}
