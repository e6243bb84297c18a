import { lazy, Suspense, useMemo, useState } from 'react';
import { CheckBox } from '#client/components/check-box.tsx';
import { CsvButton } from '#client/components/csv-button.tsx';
import { WithSidebar } from '#client/components/layout/sidebar.tsx';
import { usePageTitle } from '#client/components/page-title.tsx';
import { Spinner } from '#client/components/spinner.tsx';
import { rookieAdpPositions } from '#common/position-order.ts';
import {
  ADP_SERVICE_NAMES,
  type AdpAnswer,
  type AdpService,
  adpCaption,
  adpCsv,
  adpFilterProblems,
  pickHiddenLegend,
  pickLegend,
  singleSize,
} from '#common/rookie-adp.ts';
import {
  ADP_DRAFTS,
  type AuctionPlayer,
  auctionCsv,
  STARTUP_KIND_NAMES,
  STARTUP_KINDS,
  startupCaption,
} from '#common/startup-adp.ts';
import { useAdp, useStartupAdp } from './api/fetch-adp.ts';
import { AdpFilters } from './components/adp-filters.tsx';
import { AdpTable } from './components/adp-table.tsx';
import { Choice } from './components/choice.tsx';
import { ServiceChoice } from './components/service-choice.tsx';
import { ShareLine } from './components/share-line.tsx';
import { SourceNotice } from './components/source-notice.tsx';
import { ViewSwitch } from './components/view-switch.tsx';
import { useAdpUrl } from './use-adp-url.ts';

/** Below this many drafts an average says more about a few managers than about the market. */
const MIN_DRAFTS = 10;
const DAY_MS = 86_400_000;
/** An answer's window (epoch ms, end exclusive) as the YYYY-MM-DD days it covers. */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// The chart view's code comes when the view switch is pointed at or focused, or the chart is shown.
const loadChart = () => import('./components/adp-chart.tsx');
const preloadChart = () => void loadChart().catch(() => undefined);
const AdpChart = lazy(() => loadChart().then((m) => ({ default: m.AdpChart })));
// What only some answers show comes with them, not with the page: the startup auction's table, and
// the words for a window with no drafts.
const AuctionTable = lazy(() =>
  import('./components/auction-table.tsx').then((m) => ({ default: m.AuctionTable })),
);
const EmptyWindow = lazy(() =>
  import('./components/empty-window.tsx').then((m) => ({ default: m.EmptyWindow })),
);

const DRAFT_OPTIONS = ADP_DRAFTS.map((d) => ({ value: d, label: d === 'rookie' ? 'Rookie' : 'Startup' }));
const KIND_OPTIONS = STARTUP_KINDS.map((k) => ({ value: k, label: STARTUP_KIND_NAMES[k] }));

export function RookieAdpPage() {
  const url = useAdpUrl();
  const answer = useAdpAnswer(url);
  const startup = url.draft === 'startup';
  const title = `${ADP_SERVICE_NAMES[url.service]} ${startup ? 'Startup' : 'Rookie'} ADP`;
  usePageTitle(title);
  const { query } = answer;
  const loading = query.isFetching;
  // Get ADP on the filter the URL already holds asks for the answer again.
  const submit = () => {
    if (url.submit() === 'unchanged') query.refetch();
  };

  return (
    <WithSidebar>
      <AdpHeading title={title} url={url} />

      <AdpFilters
        value={url.form}
        onChange={url.setForm}
        onSubmit={submit}
        loading={loading}
        problems={url.problems}
        defaultDates={url.defaultDates}
      />

      <section aria-label="Results" aria-busy={loading} className="mt-4 space-y-4">
        {/* The last answer is for a filter the form no longer shows: it goes while the problems do. */}
        {url.problems.length > 0 ? null : loading ? (
          <div className="card">
            <Spinner label="Loading ADP" />
          </div>
        ) : query.error ? (
          <p className="alert-error" role="alert">
            {query.error.message}
          </p>
        ) : answer.data ? (
          <AdpResult url={url} answer={answer} data={answer.data} />
        ) : null}
      </section>

      <SourceNote startup={startup} service={url.service} />
    </WithSidebar>
  );
}

type AdpUrl = ReturnType<typeof useAdpUrl>;

/** The answer to the URL's question: ADP (rookie drafts, startup snakes) or an auction's prices. */
function useAdpAnswer({ applied, service, minShare, draft, kind }: AdpUrl) {
  const startup = draft === 'startup';
  const valid = adpFilterProblems(applied).length === 0;
  const rookieQuery = useAdp({ ...applied, service, minShare }, valid && !startup);
  const startupQuery = useStartupAdp({ ...applied, service, minShare, kind }, valid && startup);
  // Snake drafts answer ADP (as rookie drafts do); auctions answer shares of the budget, never ADP.
  const startupData = startup ? startupQuery.data : undefined;
  const adpData: AdpAnswer | undefined = startup
    ? startupData?.kind === 'snake'
      ? startupData
      : undefined
    : rookieQuery.data;
  const auctionData = startupData?.kind === 'auction' ? startupData : undefined;
  return { query: startup ? startupQuery : rookieQuery, adpData, auctionData, data: adpData ?? auctionData };
}

type Answer = ReturnType<typeof useAdpAnswer>;

/** The title, what the page answers, and the service and drafts it answers for. */
function AdpHeading({ title, url }: { title: string; url: AdpUrl }) {
  const { service, draft, kind } = url;
  const startup = draft === 'startup';
  const serviceName = ADP_SERVICE_NAMES[service];
  return (
    // Three choices (a startup's kind besides) leave the title no room beside them: they go below it.
    <div
      className={
        startup
          ? 'mb-4 flex flex-col gap-3'
          : 'mb-4 flex flex-col gap-3 md:flex-row md:items-start md:justify-between md:gap-6'
      }
    >
      <div className="max-w-2xl">
        <h1 className="page-title mb-1">{title}</h1>
        <p className="text-slate-600">
          {startup
            ? `Where players really go when ${serviceName} dynasty leagues start: average draft position in startup snake drafts, or average price as a share of the budget in startup auctions, by scoring, IDP, league size and QB format.`
            : `Where rookies really go in ${serviceName} rookie drafts: average draft position by scoring, IDP, league size and QB format, from drafts in the dates you choose.`}
        </p>
      </div>
      <div
        className={
          startup
            ? 'flex flex-wrap gap-3'
            : 'flex flex-col gap-3 sm:flex-row md:flex-col md:items-end lg:flex-row'
        }
      >
        <ServiceChoice value={service} onChange={url.setService} />
        <Choice
          legend="Drafts"
          options={DRAFT_OPTIONS}
          value={draft}
          onChange={url.setDraft}
          testId="adp-draft"
        />
        {startup && (
          <Choice
            legend="Startup kind"
            options={KIND_OPTIONS}
            value={kind}
            onChange={url.setKind}
            testId="adp-kind"
          />
        )}
      </div>
    </div>
  );
}

/** The players answered and not hidden, their positions, and each one's place among all positions. */
function useListed({ adpData, auctionData, data }: Answer, hidden: ReadonlySet<string>) {
  const everyone: readonly { id: string; position: string }[] = data?.players ?? [];
  const positions = useMemo(() => rookieAdpPositions.positionsOf(everyone), [everyone]);
  const players = useMemo(
    () => (adpData?.players ?? []).filter((p) => !hidden.has(p.position)),
    [adpData, hidden],
  );
  const bought = useMemo<AuctionPlayer[]>(
    () => (auctionData?.players ?? []).filter((p) => !hidden.has(p.position)),
    [auctionData, hidden],
  );
  const listed = auctionData ? bought.length : players.length;
  // Each player's place among all positions, shown once a position is filtered out.
  const overall = useMemo(
    () => (data && listed < everyone.length ? new Map(everyone.map((p, i) => [p.id, i + 1])) : undefined),
    [data, listed, everyone],
  );
  return { positions, players, bought, listed, overall };
}

/** An answer: where it comes from, what it covers, and its players (or why none are listed). */
function AdpResult({
  url,
  answer,
  data,
}: {
  url: AdpUrl;
  answer: Answer;
  data: NonNullable<Answer['data']>;
}) {
  const { service, minShare, draft, kind, applied, hidden, view } = url;
  const { setService, setMinShare, setHidden, setView, showWindow } = url;
  const { adpData, auctionData } = answer;
  const startup = draft === 'startup';
  const serviceName = ADP_SERVICE_NAMES[service];
  const { positions, players, bought, listed, overall } = useListed(answer, hidden);
  // Round.pick is shown in the terms of the one league size asked for, when only one was.
  const pickSize = singleSize(applied.sizes);
  // Too few drafts are shown only on request, and then as what they are; a new answer asks again.
  const [fewShownFor, setFewShownFor] = useState<unknown>();
  const showFew = fewShownFor === data;
  const few = data.players.length > 0 && data.totalLeagues < MIN_DRAFTS;
  // The dates the answer covers (for MFL's aggregate, the ones MFL applied).
  const answered = { startDate: isoDay(data.startTime), endDate: isoDay(data.endTime - DAY_MS) };
  const caption = startup
    ? startupCaption(data.totalLeagues, serviceName, kind, answered.startDate, answered.endDate)
    : adpCaption(data.totalLeagues, serviceName, answered.startDate, answered.endDate);
  const csv = () =>
    auctionData ? auctionCsv(bought) : adpCsv(players, pickSize, Boolean(adpData?.trend?.recent));
  // Named by the dates the numbers cover (MFL's own ADP: its season so far, whatever the dates chosen).
  const csvName = `${startup ? `startup-${kind}` : 'rookie'}-adp-${answered.startDate}-to-${answered.endDate}.csv`;

  return (
    <>
      <SourceNotice source={data.source} service={service} />
      <div className="card p-4 sm:p-5">
        <div className="mb-3 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-0.5 text-sm text-slate-600">
            <p data-testid="adp-caption">{caption}</p>
            <p data-testid="adp-source">{data.source.note}</p>
            {adpData?.trend && data.players.length > 0 && (
              <p data-testid="adp-trend-note">{adpData.trend.note}</p>
            )}
            {adpData &&
              data.players.length > 0 &&
              (pickSize ? (
                <p data-testid="adp-pick-legend">{pickLegend(pickSize)}</p>
              ) : (
                <p data-testid="adp-pick-hidden">{pickHiddenLegend(applied.sizes)}</p>
              ))}
          </div>
          {data.players.length > 0 && !(few && !showFew) && (
            <div className="flex items-center gap-2">
              {!startup && <ViewSwitch view={view} onChange={setView} onWant={preloadChart} />}
              <CsvButton csv={csv} fileName={csvName} disabled={listed === 0} />
            </div>
          )}
        </div>
        {data.totalLeagues === 0 || (data.players.length === 0 && data.hidden === 0) ? (
          <Suspense fallback={<Spinner label="Loading" />}>
            <EmptyWindow
              service={service}
              startup={startup ? kind : undefined}
              latest={data.latest}
              empty={data.empty}
              shown={answered}
              onLatest={showWindow}
              onSleeper={() => setService('sleeper')}
            />
          </Suspense>
        ) : data.players.length === 0 ? (
          <ShareLine minShare={minShare} hidden={data.hidden} onChange={setMinShare} />
        ) : few && !showFew ? (
          <div
            className="rounded-lg bg-gold-100 px-4 py-6 text-center"
            role="status"
            data-testid="adp-too-few"
          >
            <p className="font-semibold text-field-900">
              Only {data.totalLeagues} {data.totalLeagues === 1 ? 'draft matches' : 'drafts match'} these
              filters: too few for an average to mean much.
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Widen the dates or check more league sizes and formats to see a reliable ADP.
            </p>
            <button type="button" className="btn-ghost mt-3" onClick={() => setFewShownFor(data)}>
              Show these {data.totalLeagues} {data.totalLeagues === 1 ? 'draft' : 'drafts'} anyway
            </button>
          </div>
        ) : (
          <>
            {few && (
              <p className="mb-3 text-sm font-semibold text-field-900" data-testid="adp-few-warning">
                Based on only {data.totalLeagues} {data.totalLeagues === 1 ? 'draft' : 'drafts'}: read these
                figures as anecdotes, not as ADP.
              </p>
            )}
            <fieldset className="mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
              <legend className="label mb-1.5">Positions</legend>
              {positions.map((p) => (
                <CheckBox
                  key={p}
                  showLabel
                  label={p}
                  checked={!hidden.has(p)}
                  onChange={(on) => setHidden(p, on)}
                />
              ))}
            </fieldset>
            <ShareLine className="mb-3" minShare={minShare} hidden={data.hidden} onChange={setMinShare} />
            {listed === 0 ? (
              <p className="py-6 text-center text-slate-600">Check a position to see its players.</p>
            ) : auctionData ? (
              <Suspense fallback={<Spinner label="Loading the table" />}>
                <AuctionTable players={bought} overall={overall} />
              </Suspense>
            ) : startup ? (
              <AdpTable players={players} overall={overall} pickSize={pickSize} />
            ) : view === 'chart' ? (
              <Suspense fallback={<Spinner label="Loading the chart" />}>
                <AdpChart players={players} />
              </Suspense>
            ) : (
              <AdpTable
                players={players}
                overall={overall}
                pickSize={pickSize}
                trend={Boolean(adpData?.trend?.recent)}
                monthsFilter={{ ...applied, service }}
              />
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Where each service's figures come from. */
function SourceNote({ startup, service }: { startup: boolean; service: AdpService }) {
  return (
    <p className="mt-6 max-w-2xl text-sm text-slate-600" data-testid="adp-source-note">
      {startup
        ? service === 'mfl'
          ? "MFL's startup figures come only from the MFL startup drafts this site has read: of leagues the site lists and of visitors who connect their leagues and agree to share them (MFL's own ADP has no startup report, and the site never searches MFL's leagues)."
          : "Sleeper's startup figures come from the first drafts of public Sleeper dynasty leagues this site has read. Snake drafts give ADP; auctions give the average price as a share of the league's budget; the two kinds are never mixed."
        : service === 'mfl'
          ? "MFL's figures come from MFL's own ADP of rookie-only drafts where it can answer the filter; otherwise from the MFL rookie drafts this site has read, of leagues the site lists and of visitors who connect their leagues and agree to share them."
          : "Sleeper's figures come from the rookie drafts of public Sleeper leagues this site has read: leagues it finds through the leagues of Sleeper players, leagues the site lists, and the leagues of visitors who connect their accounts."}{' '}
      The line under the caption names the source of each answer; the two services' drafts are never added
      together.
    </p>
  );
}
