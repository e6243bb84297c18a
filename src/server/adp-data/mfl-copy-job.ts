import type { Db } from '#server/db/client.ts';
import { endedBy } from '#server/leagues/call-context.ts';
import type { MflClient } from '#server/leagues/mfl/client.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import {
  type BackgroundJob,
  type BackgroundJobOptions,
  startBackgroundJob,
} from './discovery/background-job.ts';
import type { RunSummary } from './discovery/jobs.ts';
import { COPY_FILTERS, copiedOn, copyRequest, isoDay, pruneCopies, saveCopy } from './mfl-copies.ts';

/*
 * The daily copy of MFL's own ADP (decision 025): a job in the jobs framework (decision 013) that
 * asks MFL's aggregate for each filter the page asks (three league sizes × three IS_PPR values: 9
 * calls a day) and keeps the answers. It runs every few hours and asks only for the filters not yet
 * copied that UTC day, so a failed or interrupted day is finished by a later run and a day never
 * costs more than the 9 calls (retries of failed calls aside). Its calls go through the background
 * lane of the MFL client (behind every visitor, within the background share), are counted in
 * /metrics with the others, and never happen at a visitor's request: the page's own calls (one per
 * league size) are unchanged.
 */

export const MFL_COPY_JOB = 'mfl-adp-copies';
/** How often the job looks for a missing copy of the day. */
export const COPY_CHECK_MS = 4 * 3_600_000;

export interface CopyContext {
  db: Db;
  mfl: MflClient;
  /** The site's clock (epoch ms): the copy's day and season. */
  now: () => number;
}

/**
 * One run: the filters not yet copied today, one MFL call each, in turn; `signal` ends it between
 * calls and cuts a call short (a stop is not a failure: the job is handed back due at once). A call
 * that fails fails the run (the job retries later, the copies made stay). Then the old copies are
 * pruned.
 */
export async function copyMflCounts(
  ctx: CopyContext,
  signal: AbortSignal,
): Promise<{ made: number; asked: number }> {
  return endedBy(signal, async () => {
    const now = ctx.now();
    const season = mflSeasonYear(now);
    const day = isoDay(now);
    const done = await copiedOn(ctx.db, season, day);
    let made = 0;
    let asked = 0;
    for (const { fcount, isPpr } of COPY_FILTERS) {
      if (signal.aborted) break;
      if (done.has(`${fcount}:${isPpr}`)) continue;
      asked += 1;
      let answer: Awaited<ReturnType<MflClient['adp']>>;
      try {
        answer = await ctx.mfl.adp(copyRequest(fcount, isPpr), season);
      } catch (e) {
        // Cut short by the stop: the run ends without a failure (the next run asks again).
        if (signal.aborted) break;
        throw e;
      }
      if (signal.aborted) break;
      await saveCopy(ctx.db, { season, fcount, isPpr, takenAt: now, answer });
      made += 1;
    }
    if (!signal.aborted) await pruneCopies(ctx.db, season, day);
    return { made, asked };
  });
}

export type MflCopiesOptions = BackgroundJobOptions;
export type MflCopies = BackgroundJob;

/** Starts the daily copy job on this server; the database decides which server runs each run. */
export function startMflCopies(opts: MflCopiesOptions): MflCopies {
  return startBackgroundJob(opts, {
    name: MFL_COPY_JOB,
    intervalMs: COPY_CHECK_MS,
    backlogMs: COPY_CHECK_MS,
    leaseMs: 60_000,
    run: async (bg, signal): Promise<RunSummary> => {
      const ctx: CopyContext = { db: opts.db, mfl: bg.services.mfl, now: opts.now ?? Date.now };
      const before = bg.requests.mfl;
      const { made } = await copyMflCounts(ctx, signal);
      return {
        requests: { mfl: bg.requests.mfl - before, sleeper: 0 },
        errors: 0,
        leaguesRead: 0,
        leaguesFound: 0,
        drafts: made,
        more: false,
      };
    },
  });
}
