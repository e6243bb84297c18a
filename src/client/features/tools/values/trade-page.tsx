import { useId, useMemo, useState } from 'react';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Estimate } from '#client/components/estimate.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation, useNavigate } from '#client/router/router.tsx';
import {
  formatKey,
  formatLabel,
  sideWorth,
  type ValueFormat,
  type ValueRow,
  valueToEven,
} from '#common/values.ts';
import { valuesQuery } from './api.ts';
import { formatFrom } from './format.ts';
import { FormatFields } from './format-fields.tsx';
import { LeagueFormat } from './league-format.tsx';

/*
 * The trade calculator: two sides of players and picks, weighed by the format's market values with
 * the values' own side worth (two assets are worth less than their sum, decision 036). Everything is
 * in the address (format, a, b), so a trade can be shared; rendered on the server.
 */

const SIDES = ['a', 'b'] as const;
type Side = (typeof SIDES)[number];
const SIDE_NAMES: Record<Side, string> = { a: 'Side A receives', b: 'Side B receives' };
const MAX_ASSETS = 12;

interface TradeState {
  format: ValueFormat;
  a: string[];
  b: string[];
}

const assetsOf = (raw: string | null) =>
  (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^(player|pick):[A-Za-z0-9:_-]{1,60}$/.test(s))
    .slice(0, MAX_ASSETS);

const stateFrom = (search: string): TradeState => {
  const params = new URLSearchParams(search);
  return { format: formatFrom(params), a: assetsOf(params.get('a')), b: assetsOf(params.get('b')) };
};

const searchOf = (s: TradeState) => {
  const q = new URLSearchParams({ format: formatKey(s.format) });
  if (s.a.length) q.set('a', s.a.join(','));
  if (s.b.length) q.set('b', s.b.join(','));
  return `?${q.toString().replace(/%2C/g, ',').replace(/%3A/g, ':')}`;
};

export const pageQueries: PageQueries = ({ search }) => [
  valuesQuery(formatKey(stateFrom(`?${search}`).format)),
];

export function TradePage() {
  usePageTitle('Trade calculator');
  const { search } = useLocation();
  const navigate = useNavigate();
  const state = stateFrom(search);
  const key = formatKey(state.format);
  const values = usePublicData(valuesQuery(key));
  const answer = values.data?.format === key ? values.data : undefined;
  const byAsset = useMemo(() => new Map((answer?.rows ?? []).map((r) => [r.asset, r])), [answer]);
  const go = (next: TradeState) =>
    navigate(`/tools/trade${searchOf(next)}`, { replace: true, preventScrollReset: true });
  const setFormat = (format: ValueFormat) => go({ ...state, format });
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Trade calculator</h1>
      <p className="mb-4 text-slate-600">
        Put what each side receives; the verdict weighs them by{' '}
        <Link to={`/tools/values?format=${key}`} className="underline">
          market values from real trades
        </Link>{' '}
        in your format. The address holds the trade: share it as it is.
      </p>
      <form
        method="get"
        action="/tools/trade"
        aria-label="League format"
        className="card mb-4 grid grid-cols-2 items-end gap-3 p-3 sm:grid-cols-3 lg:grid-cols-5"
        onSubmit={(e) => e.preventDefault()}
      >
        <FormatFields format={state.format} onChange={setFormat} />
        <LeagueFormat onFormat={setFormat} />
        {state.a.length > 0 && <input type="hidden" name="a" value={state.a.join(',')} />}
        {state.b.length > 0 && <input type="hidden" name="b" value={state.b.join(',')} />}
        <noscript>
          <button type="submit" className="btn-accent">
            Apply
          </button>
        </noscript>
      </form>
      {values.isError ? (
        <ErrorAlert title="Error getting values" error={values.error} />
      ) : !answer ? (
        <Spinner label="Loading values" />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            {SIDES.map((side) => (
              <SideCard
                key={side}
                side={side}
                assets={state[side]}
                byAsset={byAsset}
                rows={answer.rows}
                taken={new Set([...state.a, ...state.b])}
                onChange={(assets) => go({ ...state, [side]: assets })}
              />
            ))}
          </div>
          <Verdict state={state} byAsset={byAsset} rows={answer.rows} format={state.format} />
        </>
      )}
    </WithSidebar>
  );
}

const shownValue = (r: ValueRow | undefined) => (r ? Math.round(r.value) : 0);

/**
 * A draft year with no pick among the values ("2029 1st"): values come only from trades, and picks
 * further ahead are valued once a stored trade of this format has moved one, so the page says that.
 */
function noPickOfYear(typed: string, rows: ValueRow[]) {
  const year = /^(20\d\d)(?:\s|$)/.exec(typed)?.[1];
  if (!year || rows.some((r) => r.kind === 'pick' && r.name.startsWith(year))) return undefined;
  return `No ${year} pick has a value in this format yet: values come from trades, and no stored trade has moved one.`;
}

function SideCard({
  side,
  assets,
  byAsset,
  rows,
  taken,
  onChange,
}: {
  side: Side;
  assets: string[];
  byAsset: Map<string, ValueRow>;
  rows: ValueRow[];
  taken: Set<string>;
  onChange: (assets: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const term = typed.toLowerCase();
  const named = term ? rows.filter((r) => r.name.toLowerCase().includes(term)) : [];
  const full = assets.length >= MAX_ASSETS;
  // A full side offers nothing to add.
  const matches = full ? [] : named.filter((r) => !taken.has(r.asset)).slice(0, 8);
  // Said as soon as what is typed cannot be added, so Enter is never silent.
  const nothing =
    !term || matches.length > 0
      ? ''
      : full
        ? `A side holds at most ${MAX_ASSETS} players and picks: remove one to add “${typed}”.`
        : named.length > 0
          ? `Every player or pick matching “${typed}” is already in this trade.`
          : (noPickOfYear(typed, rows) ?? `No player or pick in this format matches “${typed}”.`);
  const add = (asset: string) => {
    onChange([...assets, asset]);
    setText('');
  };
  return (
    <section className="card p-4" aria-labelledby={`${id}-title`} data-testid={`side-${side}`}>
      <h2 id={`${id}-title`} className="mb-2 font-display text-lg font-bold uppercase text-field-900">
        {SIDE_NAMES[side]}
      </h2>
      {assets.length === 0 ? (
        <p className="mb-2 text-sm text-slate-500">Nothing yet.</p>
      ) : (
        <ul className="mb-3 space-y-1">
          {assets.map((a) => {
            const r = byAsset.get(a);
            return (
              <li
                key={a}
                className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-2 py-1"
              >
                <span>
                  <span className="font-semibold">{r?.name ?? 'Unknown in this format'}</span>{' '}
                  <span className="text-xs text-slate-500">
                    {r?.position === 'PICK' ? 'Pick' : r?.position}
                  </span>
                </span>
                <span className="flex items-center gap-2 tabular-nums">
                  {r?.thin ? <Estimate value={r.value} /> : shownValue(r)}
                  <button
                    type="button"
                    className="rounded px-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-900"
                    aria-label={`Remove ${r?.name ?? a}`}
                    onClick={() => onChange(assets.filter((x) => x !== a))}
                  >
                    ×
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <label className="label" htmlFor={`${id}-find`}>
        Add a player or pick
      </label>
      <input
        id={`${id}-find`}
        className="input"
        type="search"
        autoComplete="off"
        placeholder="Name, or e.g. 2027 1st"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (matches[0]) add(matches[0].asset);
          }
        }}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="sr-only">
        Enter adds the first match; the matches follow as buttons.
      </p>
      {/* Always there, so a screen reader hears the message the moment it appears. */}
      <p role="status" className={nothing ? 'mt-1 text-sm text-slate-600' : 'sr-only'}>
        {nothing}
      </p>
      {matches.length > 0 && (
        <ul className="mt-1 rounded-md border border-slate-200" aria-label="Matches">
          {matches.map((r) => (
            <li key={r.asset}>
              <button
                type="button"
                className="flex w-full justify-between px-2 py-1.5 text-left text-sm hover:bg-field-50 focus:bg-field-50"
                onClick={() => add(r.asset)}
              >
                <span>
                  {r.name}{' '}
                  <span className="text-xs text-slate-500">
                    {r.position === 'PICK' ? 'Pick' : r.position}
                  </span>
                </span>
                <span className="tabular-nums">
                  {/* As it counts once added: an estimate, said so. */}
                  {r.thin ? <Estimate value={r.value} /> : Math.round(r.value)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Verdict({
  state,
  byAsset,
  rows,
  format,
}: {
  state: TradeState;
  byAsset: Map<string, ValueRow>;
  rows: ValueRow[];
  format: ValueFormat;
}) {
  const [copied, setCopied] = useState(false);
  const worthOf = (assets: string[]) => assets.map((a) => byAsset.get(a)?.value ?? 0);
  const a = sideWorth(worthOf(state.a));
  const b = sideWorth(worthOf(state.b));
  const thin = [...state.a, ...state.b].map((x) => byAsset.get(x)).filter((r) => r?.thin);
  if (state.a.length === 0 || state.b.length === 0)
    return (
      <p className="card mt-4 p-4 text-slate-600" data-testid="verdict">
        Add what each side receives to weigh the trade ({formatLabel(format)}).
      </p>
    );
  const gap = Math.abs(a - b);
  const share = gap / Math.max(a, b);
  const even = share < 0.05;
  const behind: Side = a < b ? 'a' : 'b';
  const ahead: Side = behind === 'a' ? 'b' : 'a';
  const need = valueToEven(worthOf(state[behind]), worthOf(state[ahead]));
  const taken = new Set([...state.a, ...state.b]);
  // The one asset nearest to what is missing, among values with enough trades.
  const suggestion = even
    ? undefined
    : rows
        .filter((r) => !r.thin && !taken.has(r.asset))
        .reduce<ValueRow | undefined>(
          (best, r) => (!best || Math.abs(r.value - need) < Math.abs(best.value - need) ? r : best),
          undefined,
        );
  const letter = (s: Side) => s.toUpperCase();
  return (
    <section className="card mt-4 p-4" aria-label="Verdict" data-testid="verdict" aria-live="polite">
      <p className="font-display text-xl font-bold uppercase text-field-900">
        {even ? 'About even' : `Side ${letter(ahead)} gets more`}
      </p>
      <p className="mt-1 tabular-nums">
        Side A: <strong>{Math.round(a)}</strong> · Side B: <strong>{Math.round(b)}</strong> · gap{' '}
        <strong>{Math.round(gap)}</strong> ({(share * 100).toFixed(0)}%)
      </p>
      {!even && (
        <p className="mt-1">
          To even it, side {letter(behind)} would need about{' '}
          <strong className="tabular-nums">{Math.round(need)}</strong> more
          {suggestion ? `, e.g. ${suggestion.name} (${Math.round(suggestion.value)})` : ''}.
        </p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        A side counts its best assets most, so two are worth less than their sum and what evens a trade is
        more than the gap: each side is (Σ value^1.4)^(1/1.4). {formatLabel(format)}.
        {thin.length > 0 &&
          ` Too few trades for ${thin.map((r) => r!.name).join(', ')}: counted at an estimate from startup ADP.`}
      </p>
      <button
        type="button"
        className="btn-ghost mt-3 px-3 py-1.5"
        onClick={() =>
          navigator.clipboard?.writeText(window.location.href).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Link copied' : 'Copy link to this trade'}
      </button>
    </section>
  );
}
