import { useState } from 'react';
import {
  useLeagueAccounts,
  useRemoveLeagueAccount,
  useSetLeagueAccountActive,
} from '#client/api/league-accounts.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { ConnectButton } from '#client/components/league-connect/connect-button.tsx';
import { type LeagueAccount, type LeagueType, leagueTypeLabel, leagueTypes } from '#common/leagues.ts';
import { lastUsedText } from './last-used.ts';

/*
 * The account page's League accounts (decision 022): the leagues' accounts kept on the site account,
 * so every device the user signs in on uses them. Each: its service and label, when it was last
 * used, an on/off switch (off: no tool reads it) and remove; an MFL account whose session MFL ended
 * asks to log in again. Phone first: one card per account, the controls under its name.
 */
export function LeagueAccounts() {
  const list = useLeagueAccounts();
  const setActive = useSetLeagueAccountActive();
  const remove = useRemoveLeagueAccount();
  const error = list.error ?? setActive.error ?? remove.error;

  return (
    <section className="card p-4 sm:p-6" aria-labelledby="league-accounts-title" id="league-accounts">
      <h2
        id="league-accounts-title"
        className="mb-1 font-display text-xl font-bold uppercase tracking-wide text-field-900"
      >
        League Accounts
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Your MFL, Sleeper, Fleaflicker and ESPN accounts, kept with your site account so the league tools (My
        week, Rostership, the Status Checker, Lineup) use them on every device you sign in on. MFL passwords
        are never kept; ESPN’s cookies are kept encrypted and never shown again.
      </p>
      {error && <ErrorAlert title="Error With Your League Accounts" error={error} />}
      {list.isPending && (
        <p className="text-sm text-slate-500" role="status">
          Loading your league accounts…
        </p>
      )}
      {list.data && !list.data.saving && (
        <p className="text-sm text-slate-600" data-testid="league-accounts-off">
          This site does not keep league accounts right now: connect them on each tool, in each browser.
        </p>
      )}
      {list.data?.saving && (
        <>
          {list.data.accounts.length === 0 ? (
            <p className="text-sm text-slate-600">No league accounts yet. Connect one below.</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Your league accounts">
              {list.data.accounts.map((a) => (
                <AccountRow
                  key={a.id}
                  account={a}
                  busy={setActive.isPending || remove.isPending}
                  onActive={(active) => setActive.mutate({ id: a.id, active })}
                  onRemove={() => remove.mutate(a.id)}
                />
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
            <h3 className="text-sm font-semibold text-field-900">Connect another</h3>
            <div className="flex flex-wrap gap-2">
              {leagueTypes.map((service) => (
                <ConnectButton
                  key={service}
                  service={service}
                  className="btn-ghost"
                  label={`Add ${leagueTypeLabel[service]}`}
                  ariaLabel={`Add ${leagueTypeLabel[service]} account`}
                />
              ))}
            </div>
          </div>
        </>
      )}
    </section>
  );
}

const serviceBadge: Record<LeagueType, string> = {
  mfl: 'bg-sky-100 text-sky-900',
  sleeper: 'bg-violet-100 text-violet-900',
  flea: 'bg-amber-100 text-amber-900',
  espn: 'bg-rose-100 text-rose-900',
};

function AccountRow({
  account: a,
  busy,
  onActive,
  onRemove,
}: {
  account: LeagueAccount;
  busy: boolean;
  onActive: (active: boolean) => void;
  onRemove: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const service = leagueTypeLabel[a.service];
  const name = `${service} ${a.label}`;
  return (
    <li
      className={`rounded-md border p-3 ${a.sessionEnded ? 'border-amber-300 bg-amber-50' : 'border-slate-200'}`}
      data-testid="league-account"
      aria-label={name}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <span className="flex min-w-0 flex-wrap items-center gap-2">
            <span
              className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide ${serviceBadge[a.service]}`}
            >
              {service}
            </span>
            <strong className={`break-all ${a.active ? 'text-field-900' : 'text-slate-500'}`}>
              {a.label}
            </strong>
          </span>
          <span className="text-xs text-slate-600">
            {lastUsedText(a.lastUsedAt, Date.now())}
            {!a.active && ' · Off: no tool uses it'}
          </span>
        </div>
        <Switch label={`Use ${name}`} checked={a.active} disabled={busy} onChange={onActive} />
      </div>
      {a.sessionEnded && (
        <div className="mt-3 flex flex-wrap items-center gap-2" role="status">
          <span className="text-sm text-amber-900">MFL has ended this session. Log in again to use it.</span>
          <ConnectButton
            service="mfl"
            className="btn-primary px-3 py-1.5"
            label="Log in again"
            ariaLabel={`Log in to MFL again as ${a.label}`}
            initial={{ username: a.label }}
          />
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {confirming ? (
          <>
            <span className="text-sm text-slate-700">Remove {a.label}?</span>
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setConfirming(false)}>
              Keep
            </button>
            <button
              type="button"
              className="btn-danger px-3 py-1.5"
              disabled={busy}
              onClick={onRemove}
              aria-label={`Remove ${name} for good`}
            >
              Remove
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn-danger-ghost px-3 py-1.5"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${name}`}
          >
            Remove
          </button>
        )}
      </div>
    </li>
  );
}

/** An on/off switch: a button with role="switch", 44 × 24 px. */
function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-60 ${checked ? 'bg-field-700' : 'bg-slate-300'}`}
    >
      <span
        aria-hidden="true"
        className={`inline-block size-5 rounded-full bg-white shadow transition ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
