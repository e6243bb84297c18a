import { Fragment, useEffect, useId, useMemo, useState } from 'react';
import type { PageQueries } from '#client/api/page-queries.ts';
import { usePublicData } from '#client/api/public-data.ts';
import { CsvButton } from '#client/components/csv-button.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { Link } from '#client/router/links.tsx';
import { useLocation, useNavigate } from '#client/router/router.tsx';
import { type LeagueType, leagueTypeLabel } from '#common/league-types.ts';
import { formatMdy } from '#common/rookie-adp.ts';
import {
  formatKey,
  formatLabel,
  leagueFormatLabel,
  parseFormatKey,
  pickName,
  trendText,
  type ValueFormat,
  type ValueRow,
  type ValuesAnswer,
  valuesCsv,
} from '#common/values.ts';
import { playerTradesQuery, valuesQuery } from './api.ts';
import { formatFrom } from './format.ts';
import { FormatFields } from './format-fields.tsx';

/*
 * Market values (decision 036): a format's players and picks, valued from real trades by the values
 * job. Rendered on the server; the filters live in the address, and each player's row opens the real
 * trades behind his value.
 */

const POSITIONS = [
  ['', 'All positions'],
  ['QB', 'QB'],
  ['RB', 'RB'],
  ['WR', 'WR'],
  ['TE', 'TE'],
  ['PICK', 'Draft picks'],
  ['IDP', 'Defensive (IDP)'],
] as const;
const IDP = new Set(['DE', 'DT', 'DL', 'EDR', 'IL', 'LB', 'CB', 'S', 'DB']);
const PAGE = 150;

interface Filter {
  format: ValueFormat;
  position: string;
  rookies: boolean;
}

const filterFrom = (search: string): Filter => {
  const params = new URLSearchParams(search);
  const position = (params.get('position') ?? '').toUpperCase();
  return {
    format: formatFrom(params),
    position: POSITIONS.some(([p]) => p === position) ? position : '',
    rookies: params.get('rookies') === '1',
  };
};

const searchOf = (f: Filter) => {
  const q = new URLSearchParams({ format: formatKey(f.format) });
  if (f.position) q.set('position', f.position);
  if (f.rookies) q.set('rookies', '1');
  return `?${q}`;
};

export const pageQueries: PageQueries = ({ search }) => [
  valuesQuery(formatKey(filterFrom(`?${search}`).format)),
];

const shows = (f: Pick<Filter, 'position' | 'rookies'>) => (r: ValueRow) => {
  if (f.rookies && !r.rookie) return false;
  if (!f.position) return true;
  if (f.position === 'PICK') return r.kind === 'pick';
  if (f.position === 'IDP') return IDP.has(r.position);
  return r.position === f.position;
};

export function ValuesPage() {
  usePageTitle('Trade values');
  const { search } = useLocation();
  const filter = filterFrom(search);
  const key = formatKey(filter.format);
  const values = usePublicData(valuesQuery(key));
  const answer = values.data?.format === key ? values.data : undefined;
  const { position, rookies } = filter;
  const rows = useMemo(
    () => (answer ? answer.rows.filter(shows({ position, rookies })) : []),
    [answer, position, rookies],
  );
  const [shown, setShown] = useState(PAGE);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at the first rows
  useEffect(() => setShown(PAGE), [search]);
  return (
    <WithSidebar>
      <h1 className="page-title mb-1">Trade values</h1>
      <p className="mb-4 text-slate-600">
        What players and picks are worth in your format, estimated from real completed dynasty trades, each
        value with the trades behind it.{' '}
        <Link to={`/tools/trade?format=${key}`} className="underline">
          Weigh a trade
        </Link>
      </p>
      <FilterForm filter={filter} />
      {values.isError ? (
        <ErrorAlert title="Error getting values" error={values.error} />
      ) : !answer ? (
        <Spinner label="Loading values" />
      ) : (
        <>
          <SourceLine answer={answer} format={filter.format} />
          <BusierFormats answer={answer} filter={filter} />
          {rows.length === 0 ? (
            <p className="card p-6 text-center text-slate-600">
              {answer.computedAt === null
                ? 'No values for this format yet: they are computed from trades in the background.'
                : 'No player or pick matches this filter.'}
            </p>
          ) : (
            <>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-slate-600">
                  {rows.length} {rows.length === 1 ? 'asset' : 'assets'}
                </p>
                <CsvButton csv={() => valuesCsv(rows)} fileName={`trade-values-${key}.csv`} />
              </div>
              <ValuesTable rows={rows.slice(0, shown)} all={answer.rows} />
              {rows.length > shown && (
                <button type="button" className="btn-ghost mt-3" onClick={() => setShown((n) => n + PAGE)}>
                  Show {Math.min(PAGE, rows.length - shown)} more
                </button>
              )}
            </>
          )}
        </>
      )}
    </WithSidebar>
  );
}

function SourceLine({ answer, format }: { answer: ValuesAnswer; format: ValueFormat }) {
  const s = answer.source;
  const services = s.services.map(serviceName);
  return (
    <p className="mb-3 text-sm text-slate-700" data-testid="values-source">
      <strong>{formatLabel(format)}.</strong>{' '}
      {s.trades === 0
        ? 'No trades read yet for this format or its neighbours.'
        : `From ${s.trades.toLocaleString('en-US')} trades (${s.exact.toLocaleString('en-US')} of exactly this format, the rest from nearby formats, weighed down) in ${services.join(', ')} leagues, made ${formatMdy(s.from!.slice(0, 10))} – ${formatMdy(s.to!.slice(0, 10))}. Recent trades count most; ${s.outliers} lopsided ${s.outliers === 1 ? 'trade was' : 'trades were'} left out.`}
      {s.heldOutError !== null &&
        ` On trades held out of the fit, the predicted sides differ by ${(s.heldOutError * 100).toFixed(0)}% at the median.`}
      {answer.computedAt && ` Computed ${formatMdy(answer.computedAt.slice(0, 10))}.`}
    </p>
  );
}

/** Below this many trades of exactly its format, a format's values lean mostly on its neighbours'. */
const FEW_EXACT = 50;

/**
 * A format with few trades of its own names the formats with the most, to look at beside it: their
 * values rest on many more trades.
 */
function BusierFormats({ answer, filter }: { answer: ValuesAnswer; filter: Filter }) {
  const { exact } = answer.source;
  const busier = answer.busiest.filter((b) => b.exact > exact);
  if (exact >= FEW_EXACT || busier.length === 0) return null;
  return (
    <p
      className="card mb-3 border-l-4 border-gold-600 p-3 text-sm text-slate-700"
      data-testid="values-busier"
    >
      {exact === 0 ? 'No trades' : `Only ${exact} ${exact === 1 ? 'trade' : 'trades'}`} of exactly this format
      so far: its values lean on trades of nearby formats. The formats with the most trades:{' '}
      {busier.map((b, i) => {
        const format = parseFormatKey(b.format);
        if (!format) return null;
        return (
          <span key={b.format}>
            {i > 0 && ', '}
            <Link to={`/tools/values${searchOf({ ...filter, format })}`} className="underline">
              {formatLabel(format)}
            </Link>{' '}
            ({b.exact.toLocaleString('en-US')})
          </span>
        );
      })}
      .
    </p>
  );
}

/** A service's name from an id's or a source's prefix ("mfl" → "MFL"); an unknown one as it is. */
const serviceName = (service: string) => leagueTypeLabel[service as LeagueType] ?? service;

/** A traded player without a value here, named by his service's own id so the trade can still be traced. */
function unvaluedPlayer(id: string) {
  const [service, own] = id.split(':');
  return `a player not valued here (${serviceName(service)} player ${own})`;
}

function FilterForm({ filter }: { filter: Filter }) {
  const navigate = useNavigate();
  const id = useId();
  const [choice, setChoice] = useState(filter);
  const { search } = useLocation();
  useEffect(() => setChoice(filterFrom(search)), [search]);
  return (
    <form
      method="get"
      action="/tools/values"
      aria-label="Filter values"
      className="card mb-4 grid grid-cols-2 items-end gap-3 p-3 sm:grid-cols-4"
      onSubmit={(e) => {
        e.preventDefault();
        navigate(`/tools/values${searchOf(choice)}`, { preventScrollReset: true });
      }}
    >
      <FormatFields format={choice.format} onChange={(format) => setChoice((c) => ({ ...c, format }))} />
      <div>
        <label className="label" htmlFor={`${id}-position`}>
          Position
        </label>
        <select
          id={`${id}-position`}
          name="position"
          className="input"
          value={choice.position}
          onChange={(e) => setChoice((c) => ({ ...c, position: e.target.value }))}
        >
          {POSITIONS.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm font-semibold text-slate-700">
        <input
          type="checkbox"
          name="rookies"
          value="1"
          checked={choice.rookies}
          onChange={(e) => setChoice((c) => ({ ...c, rookies: e.target.checked }))}
        />
        Rookies only
      </label>
      <button type="submit" className="btn-accent col-span-2 sm:col-span-1">
        Show
      </button>
    </form>
  );
}

function ValuesTable({ rows, all }: { rows: ValueRow[]; all: ValueRow[] }) {
  const [open, setOpen] = useState<string | undefined>();
  return (
    <div className="-mx-4 overflow-x-auto sm:mx-0">
      <table
        className="data-table tabular-nums max-sm:[&_td]:px-1.5 max-sm:[&_th]:px-1.5"
        data-testid="values-table"
      >
        <thead>
          <tr>
            <th scope="col" className="w-8 text-right sm:w-14">
              Rank
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="w-12">
              Pos.
            </th>
            <th scope="col" className="hidden sm:table-cell">
              Team
            </th>
            <th scope="col" className="text-right">
              Value
            </th>
            <th scope="col" className="hidden text-right sm:table-cell" title="One standard error">
              ±
            </th>
            <th scope="col" className="text-right" title="Change over the last 30 days">
              30 days
            </th>
            <th scope="col" className="text-right">
              Trades
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const isOpen = open === r.asset;
            const panel = `trades-${r.asset.replace(/[^a-zA-Z0-9]/g, '-')}`;
            return (
              <Fragment key={r.asset}>
                <tr className="odd:bg-white even:bg-slate-50/70 hover:bg-field-50">
                  <td className="text-right text-slate-600">{i + 1}</td>
                  <td className="font-semibold">
                    {r.name}
                    {r.rookie && <span className="ml-1 text-xs font-normal text-slate-500">(R)</span>}
                  </td>
                  <td>{r.position === 'PICK' ? 'Pick' : r.position}</td>
                  <td className="hidden sm:table-cell">{r.team}</td>
                  <td className="text-right font-semibold">
                    {r.thin ? (
                      <span className="text-xs font-normal text-slate-500">too few trades</span>
                    ) : (
                      Math.round(r.value)
                    )}
                  </td>
                  <td className="hidden text-right text-slate-500 sm:table-cell">
                    {r.thin ? '' : Math.round(r.error)}
                  </td>
                  <td className={`text-right ${trendClass(r)}`}>{trendText(r)}</td>
                  <td className="text-right">
                    {r.kind === 'player' && r.ids.length > 0 ? (
                      <button
                        type="button"
                        className="rounded px-1.5 py-0.5 font-semibold text-field-800 underline hover:bg-field-100"
                        aria-expanded={isOpen}
                        aria-controls={panel}
                        aria-label={`${r.trades} trades behind ${r.name}'s value`}
                        onClick={() => setOpen(isOpen ? undefined : r.asset)}
                      >
                        {r.trades}
                      </button>
                    ) : (
                      r.trades
                    )}
                  </td>
                </tr>
                {isOpen && (
                  <tr id={panel}>
                    <td colSpan={8} className="bg-slate-50">
                      <TradesBehind row={r} all={all} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const trendClass = (r: ValueRow) => {
  const t = trendText(r);
  return t.startsWith('+') ? 'text-emerald-700' : t.startsWith('-') ? 'text-red-700' : 'text-slate-500';
};

/** The real trades a player changed hands in, newest first: date, the league's format, what each side received. */
function TradesBehind({ row, all }: { row: ValueRow; all: ValueRow[] }) {
  const trades = usePublicData(playerTradesQuery(row.ids[0]));
  const names = useMemo(() => {
    const m = new Map<string, string>();
    for (const r of all) for (const id of r.ids) m.set(id, r.name);
    return m;
  }, [all]);
  if (trades.isError) return <ErrorAlert title="Error getting the trades" error={trades.error} />;
  if (!trades.data) return <Spinner label="Loading trades" />;
  const list = trades.data.trades;
  if (list.length === 0) return <p className="text-sm text-slate-600">No stored trades of {row.name}.</p>;
  return (
    <div>
      <h2 className="mb-2 text-sm font-bold text-field-900">
        The trades behind {row.name}'s value ({list.length}, newest first)
      </h2>
      <p className="mb-2 text-xs text-slate-600">
        Every stored trade he changed hands in. The value uses {row.trades} of them: trades of other formats
        count less the further they are, and lopsided ones are left out.
      </p>
      <ol className="space-y-2 text-sm" data-testid="trades-behind">
        {list.map((t) => (
          <li key={t.id} className="rounded-md border border-slate-200 bg-white p-2">
            <p className="text-xs text-slate-600">
              <time dateTime={t.at}>{formatMdy(t.at.slice(0, 10))}</time> · {leagueFormatLabel(t.format)} ·{' '}
              {serviceName(t.id.split(':')[0])}
            </p>
            <ul className="mt-1 grid gap-1 sm:grid-cols-2">
              {t.sides.map((s, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a trade's sides keep their order and have no id
                <li key={i}>
                  <span className="font-semibold">Side {i + 1} received:</span>{' '}
                  {[
                    ...s.players.map((p) => names.get(p) ?? unvaluedPlayer(p)),
                    ...s.picks.map((p) => pickName(p.season, p.round, p.slot)),
                    ...(s.faab > 0 ? [`$${s.faab} FAAB`] : []),
                  ].join(', ') || 'nothing'}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
