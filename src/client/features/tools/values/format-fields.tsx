import { useId } from 'react';
import { VALUE_PPR, VALUE_QB, VALUE_TE_PREMIUM, VALUE_TEAMS, type ValueFormat } from '#common/values.ts';

/** The format's five choices, as plain form fields (teams, qb, ppr, te, idp): they work before the script. */
export function FormatFields({
  format,
  onChange,
}: {
  format: ValueFormat;
  onChange: (f: ValueFormat) => void;
}) {
  const id = useId();
  const select = (
    name: string,
    label: string,
    value: string,
    options: readonly (readonly [string, string])[],
    set: (v: string) => void,
  ) => (
    <div>
      <label className="label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        name={name}
        className="input"
        value={value}
        onChange={(e) => set(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <>
      {select(
        'teams',
        'Teams',
        String(format.teams),
        VALUE_TEAMS.map((t) => [String(t), String(t)] as const),
        (v) => onChange({ ...format, teams: Number(v) as ValueFormat['teams'] }),
      )}
      {select(
        'qb',
        'QB',
        format.qb,
        VALUE_QB.map((q) => [q, q === 'SF' ? 'Superflex' : '1QB'] as const),
        (v) => onChange({ ...format, qb: v as ValueFormat['qb'] }),
      )}
      {select(
        'ppr',
        'PPR',
        String(format.ppr),
        VALUE_PPR.map((p) => [String(p), p === 0 ? 'Standard' : String(p)] as const),
        (v) => onChange({ ...format, ppr: Number(v) as ValueFormat['ppr'] }),
      )}
      {select(
        'te',
        'TE premium',
        String(format.tePremium),
        VALUE_TE_PREMIUM.map((p) => [String(p), p === 0 ? 'None' : `+${p}`] as const),
        (v) => onChange({ ...format, tePremium: Number(v) as ValueFormat['tePremium'] }),
      )}
      {select(
        'idp',
        'IDP',
        format.idp ? '1' : '0',
        [
          ['0', 'No'],
          ['1', 'Yes'],
        ],
        (v) => onChange({ ...format, idp: v === '1' }),
      )}
    </>
  );
}
