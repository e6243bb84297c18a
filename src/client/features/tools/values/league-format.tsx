import { useEffect, useId, useState } from 'react';
import { api, query } from '#client/api/http.ts';
import { type LeagueType, leagueTypeLabel } from '#common/league-types.ts';
import type { Connections, League } from '#common/leagues.ts';
import { type LeagueFormatAnswer, parseFormatKey, type ValueFormat } from '#common/values.ts';

/*
 * "Your league": the visitor's leagues on every connected service (Sleeper, MFL, Fleaflicker and
 * ESPN); choosing one sets the calculator's format from the league's own settings. Asked for once
 * the page is in the browser (the server renders every visitor the same page), and shown only to a
 * visitor with leagues. An MFL or ESPN league is read with the account it was listed from.
 */

type Choice = Pick<League, 'league_id' | 'name' | 'url' | 'account'> & { type: LeagueType };
/** The order the services' leagues are listed in. */
const SERVICES = ['sleeper', 'mfl', 'flea', 'espn'] as const satisfies readonly LeagueType[];

export function LeagueFormat({ onFormat }: { onFormat: (f: ValueFormat) => void }) {
  const id = useId();
  const [leagues, setLeagues] = useState<Choice[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  /** What the chosen league is, and the format with values it was given. */
  const [taken, setTaken] = useState<{ name: string } & LeagueFormatAnswer>();
  useEffect(() => {
    let live = true;
    (async () => {
      const c = await api<Connections>('connections');
      const lists = await Promise.all(
        SERVICES.filter((s) => c[s].connected).map(async (type) =>
          (await api<League[]>(`${type}/leagues`).catch(() => [])).map((l) => ({ ...l, type })),
        ),
      );
      if (live) setLeagues(lists.flat());
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (leagues.length === 0) return null;
  return (
    <div className="col-span-full">
      <label className="label" htmlFor={`${id}-league`}>
        Your league
      </label>
      <select
        id={`${id}-league`}
        className="input sm:max-w-md"
        defaultValue=""
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
        onChange={async (e) => {
          const l = leagues[Number(e.target.value)];
          if (!l) return;
          setProblem(undefined);
          setTaken(undefined);
          try {
            const answer = await api<LeagueFormatAnswer>(
              `values/league-format${query({ type: l.type, league_id: l.league_id, url: l.type === 'mfl' ? l.url : undefined, account: l.account })}`,
            );
            const format = parseFormatKey(answer.format);
            if (format) onFormat(format);
            setTaken({ name: l.name, ...answer });
          } catch (err) {
            setProblem(err instanceof Error ? err.message : 'The league could not be read.');
          }
        }}
      >
        <option value="">Choose a league…</option>
        {leagues.map((l, i) => (
          <option key={`${l.type}:${l.league_id}:${l.account ?? ''}`} value={i}>
            {l.name} ({leagueTypeLabel[l.type]})
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Choosing a league sets the fields above from its settings.
      </p>
      <p className="mt-1 text-sm text-slate-700" role="status" data-testid="league-format-taken">
        {taken &&
          (taken.league === taken.label
            ? `${taken.name}: ${taken.label}.`
            : `${taken.name} plays ${taken.league}: the calculator uses ${taken.label}, the nearest format with values.`)}
      </p>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs text-red-700" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
