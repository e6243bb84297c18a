import { type FormEvent, useEffect, useId, useState } from 'react';
import { useConnect, useConnections } from '#client/api/leagues.ts';
import { siteConfig } from '#client/lib/site-config.ts';
import { CONNECT_LIMITS, type LeagueType } from '#common/league-types.ts';
import { Modal } from '../modal.tsx';
import { TextField } from '../text-field.tsx';
import { EspnFields, espnFieldId } from './espn-fields.tsx';
import { checkEspnForm, type EspnFormErrors, type EspnFormValues } from './espn-form.ts';
import { MflSharingBox } from './mfl-sharing.tsx';
import { serviceText } from './service-text.ts';

export interface ConnectModalProps {
  service: LeagueType;
  open: boolean;
  onClose: () => void;
  /** Runs after a successful connect; by default the page reloads, so every tool starts anew. */
  onConnected?: () => void;
  /** Fields the form starts with (the MFL user name of an account to log in again). */
  initial?: Record<string, string>;
}

interface Field {
  name: keyof typeof CONNECT_LIMITS;
  label: string;
  type: 'text' | 'password' | 'email';
  autoComplete: string;
}

const fields: Record<LeagueType, Field[]> = {
  mfl: [
    { name: 'username', label: 'MFL username', type: 'text', autoComplete: 'username' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ],
  sleeper: [{ name: 'username', label: 'Sleeper username', type: 'text', autoComplete: 'username' }],
  flea: [{ name: 'email', label: 'Fleaflicker e-mail', type: 'email', autoComplete: 'email' }],
  // ESPN's form is its own (EspnFields): a box of leagues and the two cookies.
  espn: [],
};

const notes: Record<LeagueType, string> = {
  mfl: 'Your password goes to MyFantasyLeague only; we keep the login cookie MFL gives back.',
  sleeper:
    'Sleeper needs no password: your public username is enough. Your leagues are public on Sleeper; their rookie drafts (picks only) also feed the site’s Rookie ADP.',
  flea: 'The address your Fleaflicker account uses; Fleaflicker lists its leagues.',
  espn: 'A public league needs only its id, and a team page’s address (My Team on ESPN) tells us which team is yours. With the cookies we find your leagues and teams ourselves.',
};

const espnNames: (keyof EspnFormValues)[] = ['leagues', 'espnS2', 'swid'];

/** The demo account's connect-form fields for a service, by field name; none outside the demo. */
function demoAccountOf(service: LeagueType): Record<string, string> | undefined {
  const json = siteConfig().demoAccounts;
  if (!json) return undefined;
  try {
    return (JSON.parse(json) as Record<string, Record<string, string>>)[service];
  } catch {
    return undefined;
  }
}

/** How the demo box names the demo's account on each service. */
const demoSummary: Record<LeagueType, (a: Record<string, string>) => string> = {
  mfl: (a) => `${a.username} / ${a.password}`,
  sleeper: (a) => a.username,
  flea: (a) => a.email,
  espn: () => 'the espn_s2 and SWID cookies of a signed-in browser',
};

/**
 * On the demo (`npm run demo`: the services are a simulator), the demo's account and a button that
 * fills the form with it, so a first visit needs nothing from the server's log.
 */
function DemoAccount({
  service,
  account,
  onFill,
}: {
  service: LeagueType;
  account: Record<string, string>;
  onFill: () => void;
}) {
  return (
    <div
      className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-slate-800"
      data-testid="demo-account"
    >
      <p>
        This is the demo: {serviceText[service].name} is simulated. Its demo account:{' '}
        <strong className="break-all">{demoSummary[service](account)}</strong>.
      </p>
      <button type="button" className="btn-ghost mt-1 px-2 py-1 text-sm" onClick={onFill}>
        Fill in the demo account
      </button>
    </div>
  );
}

/**
 * Connects one service. The service's own error text (wrong password, unknown user, service down)
 * is shown in the modal and the form can be sent again; the modal cannot be closed mid-request.
 */
export function ConnectModal({ service, open, onClose, onConnected, initial }: ConnectModalProps) {
  const text = serviceText[service];
  const connect = useConnect(service, onConnected);
  const [values, setValues] = useState<Record<string, string>>(initial ?? {});
  // MFL: whether the visitor's leagues' rookie drafts may feed Rookie ADP. Off unless ticked, or
  // unless this browser already shares (then unticking withdraws that).
  const connections = useConnections().data;
  const sharesNow = connections?.mfl.sharesDrafts ?? false;
  const [share, setShare] = useState<boolean | undefined>(undefined);
  const shareDrafts = share ?? sharesNow;
  const formId = useId();
  const errorId = `${formId}-error`;
  const demoAccount = demoAccountOf(service);
  // ESPN: the form's own check of its fields, the private league part's state, and the field to
  // focus once a check has drawn its problems (a cookie's only after its part has opened).
  const espnValues: EspnFormValues = {
    leagues: values.leagues ?? '',
    espnS2: values.espnS2 ?? '',
    swid: values.swid ?? '',
  };
  const [espnErrors, setEspnErrors] = useState<EspnFormErrors>({});
  const [cookiesOpen, setCookiesOpen] = useState(Boolean(initial?.espnS2 || initial?.swid));
  const [focusField, setFocusField] = useState<string>();
  useEffect(() => {
    if (!focusField) return;
    document.getElementById(focusField)?.focus();
    setFocusField(undefined);
  }, [focusField]);

  const close = () => {
    connect.reset();
    setEspnErrors({});
    // ESPN's cookies are not kept in the page once the dialog closes without them being sent.
    if (service === 'espn') setValues(({ espnS2: _s2, swid: _swid, ...rest }) => rest);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (connect.isPending) return;
    if (service === 'espn') {
      const check = checkEspnForm(espnValues);
      if (!check.ok) {
        connect.reset();
        setEspnErrors(check.errors);
        if (check.errors.espnS2 || check.errors.swid) setCookiesOpen(true);
        const first = espnNames.find((n) => check.errors[n]);
        if (first) setFocusField(espnFieldId(formId, first));
        return;
      }
      setEspnErrors({});
      connect.mutate(check.body as never);
      return;
    }
    connect.mutate((service === 'mfl' ? { ...values, shareDrafts } : values) as never);
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title={text.title}
      size="sm"
      preventClose={connect.isPending}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={close} disabled={connect.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={connect.isPending}>
            {connect.isPending ? `${text.submit}…` : text.submit}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3" noValidate>
        {demoAccount && (
          <DemoAccount
            service={service}
            account={demoAccount}
            onFill={() => {
              setValues((v) => ({ ...v, ...demoAccount }));
              setEspnErrors({});
              if (service === 'espn') setCookiesOpen(true);
            }}
          />
        )}
        {fields[service].map((f, i) => (
          <TextField
            key={f.name}
            id={`${formId}-${f.name}`}
            label={f.label}
            name={f.name}
            type={f.type}
            autoComplete={f.autoComplete}
            required
            // With the user name given (logging in again), the password is what is left to type.
            autoFocus={initial?.[fields[service][0].name] ? i === 1 : i === 0}
            value={values[f.name] ?? ''}
            // Counted only near the service's limit, which no real name or address comes close to.
            limit={CONNECT_LIMITS[f.name]}
            counterFrom={CONNECT_LIMITS[f.name] * 0.8}
            aria-invalid={connect.isError || undefined}
            describedBy={connect.isError ? errorId : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
        ))}
        {service === 'espn' && (
          <EspnFields
            formId={formId}
            values={espnValues}
            errors={espnErrors}
            refusalId={connect.isError ? errorId : undefined}
            cookiesOpen={cookiesOpen}
            onCookiesOpen={setCookiesOpen}
            onChange={(name, value) => {
              setValues((v) => ({ ...v, [name]: value }));
              // A problem the form found goes once its field is changed; the next send checks again.
              setEspnErrors((errors) => (errors[name] ? { ...errors, [name]: undefined } : errors));
            }}
          />
        )}
        {service === 'mfl' && <MflSharingBox checked={shareDrafts} onChange={setShare} />}
        {connect.isError && (
          <p id={errorId} className="alert-error" role="alert">
            {connect.error.message}
          </p>
        )}
        <p className="text-xs text-slate-500">{notes[service]}</p>
        {connections?.onAccount && (
          <p className="text-xs text-slate-500" data-testid="saved-on-account">
            Kept on your site account (encrypted), so it works on every device you sign in on. Switch it off
            or remove it under League accounts on your account page.
          </p>
        )}
      </form>
    </Modal>
  );
}
