import { useEffect, useId, useState } from 'react';
import { api, query } from '#client/api/http.ts';
import type { Connections, League } from '#common/leagues.ts';
import { type LeagueFormatAnswer, parseFormatKey, type ValueFormat } from '#common/values.ts';

/*
 * "Your league": the visitor's Sleeper, MFL and Fleaflicker leagues, where they are connected; choosing one sets
 * the calculator's format from the league's own settings. Asked for once the page is in the browser
 * (the server renders every visitor the same page), and shown only to a visitor with leagues.
 */

type Service = 'sleeper' | 'mfl' | 'flea';
type Choice = Pick<League, 'league_id' | 'name' | 'url' | 'account'> & { type: Service };
const serviceName: Record<Service, string> = { sleeper: 'Sleeper', mfl: 'MFL', flea: 'Fleaflicker' };

export function LeagueFormat({ onFormat }: { onFormat: (f: ValueFormat) => void }) {
  const id = useId();
  const [leagues, setLeagues] = useState<Choice[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    (async () => {
      const c = await api<Connections>('connections');
      const lists = await Promise.all(
        (['sleeper', 'mfl', 'flea'] as const)
          .filter((s) => c[s].connected)
          .map(async (type) =>
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
    <div className="col-span-2 sm:col-span-1">
      <label className="label" htmlFor={`${id}-league`}>
        Your league
      </label>
      <select
        id={`${id}-league`}
        className="input"
        defaultValue=""
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={async (e) => {
          const l = leagues[Number(e.target.value)];
          if (!l) return;
          setProblem(undefined);
          try {
            const answer = await api<LeagueFormatAnswer>(
              `values/league-format${query({ type: l.type, league_id: l.league_id, url: l.type === 'mfl' ? l.url : undefined, account: l.account })}`,
            );
            const format = parseFormatKey(answer.format);
            if (format) onFormat(format);
          } catch (err) {
            setProblem(err instanceof Error ? err.message : 'The league could not be read.');
          }
        }}
      >
        <option value="">Choose a league…</option>
        {leagues.map((l, i) => (
          <option key={`${l.type}:${l.league_id}:${l.account ?? ''}`} value={i}>
            {l.name} ({serviceName[l.type]})
          </option>
        ))}
      </select>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-xs text-red-700" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
