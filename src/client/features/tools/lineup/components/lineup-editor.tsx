import { useEffect, useState } from 'react';
import { useLeagueWritesUnderWay } from '#client/api/leagues.ts';
import { useLeaveGuard } from '#client/components/leave-guard.tsx';
import { Modal } from '#client/components/modal.tsx';
import { MissingExtras } from '#client/features/tools/missing-extras.tsx';
import type { League } from '#common/leagues.ts';
import {
  bestLineup,
  type LineupInfo,
  lineupWarnings,
  orderedGroups,
  projectedTotal,
  type StarterCountProblem,
  type StarterToConfirm,
  starterCountProblem,
  starterIds,
  startersCounter,
  startersToConfirm,
  tryToggle,
} from '#common/lineup.ts';
import { mflRef, useSubmitLineup } from '../api/lineup.ts';
import { mflErrorHtml } from '../mfl-error-html.ts';
import { applySelection, hasChanges } from '../selection.ts';
import { ExternalIcon } from './icons.tsx';
import { PositionGroup } from './position-group.tsx';
import { type SubmitResult, SubmitResultMessage } from './submit-result.tsx';

export interface LineupEditorProps {
  league: League;
  info: LineupInfo;
  /** MFL's clock now (epoch ms). */
  nowMs: number;
  /** A refresh is under way. */
  refreshing: boolean;
  /** Shows another week's lineup. */
  onWeek: (week: number) => void;
}

const LEAVE_WORDS = {
  title: 'Leave without submitting?',
  body: 'Your changes to this lineup have not been sent to MFL. They will be lost if you leave.',
};

/** How long a refusal note stays under its row. */
const REFUSAL_MS = 5000;

/** The week's lineup of one league: toggle starters, fill the best projection, send it to MFL. */
export function LineupEditor({ league, info, nowMs, refreshing, onWeek }: LineupEditorProps) {
  const [selection, setSelection] = useState<Set<string> | null>(null);
  const [refusal, setRefusal] = useState<{ playerId: string; message: string }>();
  const [result, setResult] = useState<SubmitResult>();
  // What the confirmation asks about before the lineup goes to MFL.
  const [confirming, setConfirming] = useState<SubmitQuestion>();
  const submit = useSubmitLineup();
  // A league login in progress: submitting waits for it.
  const loggingIn = useLeagueWritesUnderWay() > 0;

  useEffect(() => {
    if (!refusal) return;
    const t = window.setTimeout(() => setRefusal(undefined), REFUSAL_MS);
    return () => window.clearTimeout(t);
  }, [refusal]);

  const lineup = applySelection(info, selection, nowMs);
  const changed = hasChanges(info, lineup);
  // Another league, another page or closing the tab would drop the edits: ask first.
  const unsaved = changed && !info.bestball;
  const leave = useLeaveGuard(unsaved, LEAVE_WORDS);
  // Another week drops the edits too; it is not an address, so it asks here.
  const [pendingWeek, setPendingWeek] = useState<number>();
  const chooseWeek = (w: number) => (unsaved ? setPendingWeek(w) : onWeek(w));
  const countProblem = starterCountProblem(lineup);
  const groups = orderedGroups(Object.keys(lineup.positions));
  const warnings = lineupWarnings(lineup, nowMs);
  const playerWarnings = new Map(warnings.filter((w) => w.playerId).map((w) => [w.playerId!, w.message]));
  const weeks = Array.from({ length: info.lastWeek - info.currentWeek + 1 }, (_, i) => info.currentWeek + i);

  const toggle = (playerId: string) => {
    const next = tryToggle(lineup, playerId, nowMs);
    if (!next.ok) {
      setRefusal({ playerId, message: next.message });
      return;
    }
    setRefusal(undefined);
    setResult(undefined);
    setSelection(new Set(starterIds(next.lineup)));
  };

  const fillBest = () => {
    setRefusal(undefined);
    setResult(undefined);
    setSelection(new Set(starterIds(bestLineup(lineup, nowMs))));
  };

  /**
   * Submit Lineup: a lineup short of starters or over-full, or with starters who will not play, asks
   * first and says what is wrong.
   */
  const requestSend = () => {
    if (loggingIn || submit.isPending || info.bestball) return;
    const idle = startersToConfirm(lineup, nowMs);
    if (idle.length > 0 || countProblem) setConfirming({ idle, count: countProblem });
    else void send();
  };

  const send = async () => {
    setConfirming(undefined);
    if (loggingIn || submit.isPending || info.bestball) return;
    setResult(undefined);
    try {
      const answer = await submit.mutateAsync({
        league: mflRef(league),
        starters: starterIds(lineup),
        week: info.week,
      });
      if (answer.ok) {
        setResult({ kind: 'success' });
        setSelection(null);
        return;
      }
      console.warn('MFL refused the lineup:', answer.error);
      setResult({ kind: 'mfl-error', html: await mflErrorHtml(answer.error) });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      console.warn('Lineup submit failed:', message);
      setResult({ kind: 'error', message });
    }
  };

  return (
    <div className="card overflow-clip">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <a
            href={info.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex max-w-full items-center gap-1.5 font-display text-xl font-bold uppercase tracking-wide text-field-900"
          >
            <span className="truncate">{info.name}</span>
            <ExternalIcon className="text-field-700" />
            <span className="sr-only">(opens MFL)</span>
          </a>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 className="text-sm font-semibold text-slate-600">Week {info.week} Lineup</h2>
            {weeks.length > 1 && (
              <span className="flex items-center gap-1.5">
                <label htmlFor="lineup-week" className="text-xs font-semibold text-slate-700">
                  Week
                </label>
                <select
                  id="lineup-week"
                  className="min-h-6 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs"
                  value={info.week}
                  onChange={(e) => chooseWeek(Number(e.target.value))}
                >
                  {weeks.map((w) => (
                    <option key={w} value={w}>
                      {w === info.currentWeek ? `${w} (this week)` : w}
                    </option>
                  ))}
                </select>
              </span>
            )}
          </div>
          <p className="text-xs text-slate-500" aria-live="polite">
            {refreshing
              ? 'Updating scores…'
              : `Starters projected for ${projectedTotal(lineup).toFixed(1)} pts`}
          </p>
          <MissingExtras missing={info.missing ?? []} />
        </div>
        {!info.bestball && (
          <div className="flex flex-wrap gap-2">
            {changed && (
              <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setSelection(null)}>
                Undo changes
              </button>
            )}
            <button type="button" className="btn-ghost px-3 py-1.5" onClick={fillBest}>
              Best projected lineup
            </button>
          </div>
        )}
      </div>

      {info.bestball && (
        <p className="border-b border-gold-500/40 bg-gold-100 px-4 py-2 text-sm text-field-950">
          Best ball: MFL starts your highest scorers after the games, so there is nothing to set here.
        </p>
      )}

      <div>
        {groups.map((key) => (
          <PositionGroup
            key={key}
            groupKey={key}
            group={lineup.positions[key]}
            nowMs={nowMs}
            bestball={info.bestball}
            onToggle={toggle}
            refusal={refusal}
            warnings={playerWarnings}
            slotWarning={warnings.find((w) => w.group === key)?.message}
          />
        ))}
      </div>

      <div className="sticky bottom-0 z-10 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur">
        {warnings.length > 0 && (
          <div className="mb-2 text-xs text-amber-900" role="status" data-testid="lineup-warnings">
            <p className="font-semibold">
              {warnings.length === 1 ? '1 thing to check' : `${warnings.length} things to check`} before you
              submit:
            </p>
            <ul className="list-inside list-disc">
              {warnings.map((w) => (
                <li key={w.playerId ?? w.group}>{w.message}</li>
              ))}
            </ul>
          </div>
        )}
        {result && (
          <div className="mb-3 max-h-40 overflow-y-auto">
            <SubmitResultMessage result={result} />
          </div>
        )}
        <div className="flex items-center justify-between gap-3">
          <p className="min-w-0">
            <span
              className={`block whitespace-nowrap font-display text-base font-bold uppercase leading-6 tracking-wide sm:text-lg ${countProblem ? 'text-amber-800' : 'text-field-900'}`}
              data-testid="starters-counter"
            >
              {startersCounter(lineup)}
            </span>
            {changed && !info.bestball && (
              <span className="block text-xs font-semibold text-amber-800">Unsaved changes</span>
            )}
          </p>
          <button
            type="button"
            className="btn-accent shrink-0 sm:min-w-36"
            onClick={requestSend}
            disabled={info.bestball || submit.isPending}
          >
            {submit.isPending ? 'Submitting…' : 'Submit Lineup'}
          </button>
        </div>
      </div>
      <ConfirmSubmit question={confirming} onCancel={() => setConfirming(undefined)} onConfirm={send} />
      {leave.prompt}
      <Modal
        open={pendingWeek !== undefined}
        onClose={() => setPendingWeek(undefined)}
        title={LEAVE_WORDS.title}
        size="sm"
        footer={
          <>
            <button type="button" className="btn-ghost" onClick={() => setPendingWeek(undefined)}>
              Stay on week {info.week}
            </button>
            <button type="button" className="btn-primary" onClick={() => onWeek(pendingWeek!)}>
              Go to week {pendingWeek}
            </button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{LEAVE_WORDS.body}</p>
      </Modal>
    </div>
  );
}

/** Why a submit asks first: the starters who will not play, and a count that does not add up. */
interface SubmitQuestion {
  idle: StarterToConfirm[];
  count: StarterCountProblem | null;
}

function confirmTitle({ idle, count }: SubmitQuestion): string {
  if (count?.kind === 'over-full') return 'Submit a lineup with too many starters?';
  if (count) return 'Submit an incomplete lineup?';
  return idle.length === 1 ? 'Start a player who will not play?' : 'Start players who will not play?';
}

/**
 * "Submit an incomplete lineup? 9 of 10 starters: FLEX is empty." or "Start a player who will not
 * play?": the lineup goes to MFL only on Submit anyway.
 */
function ConfirmSubmit({
  question,
  onCancel,
  onConfirm,
}: {
  question: SubmitQuestion | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const idle = question?.idle ?? [];
  const count = question?.count;
  const one = idle.length === 1;
  return (
    <Modal
      open={Boolean(question)}
      onClose={onCancel}
      size="sm"
      title={question ? confirmTitle(question) : ''}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onCancel}>
            Go back
          </button>
          <button type="button" className="btn-accent" onClick={onConfirm}>
            Submit anyway
          </button>
        </>
      }
    >
      <div className="flex flex-col gap-3 text-sm text-slate-800" data-testid="confirm-submit">
        {count && (
          <p data-testid="confirm-starter-count">
            <strong className="font-semibold">{count.message}.</strong>{' '}
            {count.kind === 'over-full'
              ? 'MFL may refuse a lineup with more starters than the league allows.'
              : 'An empty spot scores nothing this week.'}
          </p>
        )}
        {idle.length > 0 && (
          <>
            <p>
              {one ? 'This starter scores nothing this week:' : 'These starters score nothing this week:'}
            </p>
            <ul className="list-disc pl-5">
              {idle.map((s) => (
                <li key={s.playerId}>
                  <strong className="font-semibold">{s.name}</strong> ({s.position}) is {s.reason}.
                </li>
              ))}
            </ul>
          </>
        )}
        <p>Submit the lineup to MFL anyway, or go back and change it.</p>
      </div>
    </Modal>
  );
}
