import { addDays } from '#common/rookie-adp.ts';
import { COPY_FILTERS, copiedOn, copyRequest, isoDay, saveCopy } from '#server/adp-data/mfl-copies.ts';
import type { Db } from '#server/db/client.ts';
import { adpParams } from '#server/leagues/mfl/client.ts';
import { mflSeasonYear } from '#server/leagues/mfl/hosts.ts';
import { readAdp } from '#server/leagues/mfl/schemas.ts';

/*
 * The demo's history of MFL's own ADP (decision 025). A deployment keeps a copy of MFL's counts a day
 * from the day it starts, so its MFL trends come 60 days later. The demo's MFL is the simulator, whose
 * drafts lie in the past: what its TYPE=adp answered on an earlier day is known exactly (its answer
 * with its clock on that day), so the demo starts with the copies a site running since then would
 * have kept on the days the page compares (60 and 30 days back, today, each month's end this season).
 * The daily job then goes on from there.
 */

/** The days seeded: this season's month ends, 60 and 30 days back, and today. */
export function demoCopyDays(now: number): string[] {
  const today = isoDay(now);
  const season = mflSeasonYear(now);
  const days = new Set([addDays(today, -60), addDays(today, -30), today]);
  for (let month = 3; ; month++) {
    const end = isoDay(Date.UTC(season, month, 1) - 86_400_000);
    if (end >= today) break;
    days.add(end);
  }
  const start = `${season}-03-01`;
  return [...days].filter((d) => d >= start).sort();
}

/**
 * The simulator's TYPE=adp answer (its JSON body) to MFL's query parameters at a moment (epoch ms),
 * on a season's path: the demo entry wires it to the simulator.
 */
export type AdpAnswerAt = (params: Record<string, string>, at: number, season: number) => unknown;

/** Saves the simulator's answers as copies on the days the demo has none of; the number saved. */
export async function seedDemoMflCopies(db: Db, answerAt: AdpAnswerAt, now = Date.now()): Promise<number> {
  const season = mflSeasonYear(now);
  let saved = 0;
  for (const day of demoCopyDays(now)) {
    // Late on each past day; now for today.
    const at = day === isoDay(now) ? now : Date.parse(`${day}T23:00:00Z`);
    const done = await copiedOn(db, season, day);
    for (const { fcount, isPpr } of COPY_FILTERS) {
      if (done.has(`${fcount}:${isPpr}`)) continue;
      // The query the daily job sends MFL, as the simulator reads it.
      const params: Record<string, string> = { TYPE: 'adp' };
      for (const [name, value] of Object.entries(adpParams(copyRequest(fcount, isPpr))))
        if (value !== undefined) params[name] = String(value);
      const answer = readAdp(answerAt(params, at, season));
      await saveCopy(db, { season, fcount, isPpr, takenAt: at, answer });
      saved += 1;
    }
  }
  return saved;
}
