// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { LeagueChunk } from '#common/league-chunks.ts';
import type { League, LeagueType } from '#common/leagues.ts';
import { type ChunkTool, NO_TEAM, useStreamedChunks } from './use-streamed-chunks.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const league = (type: LeagueType, i: number, withTeam = true): League => ({
  type,
  league_id: String(i),
  name: `${type} ${i}`,
  url: '',
  ...(type === 'mfl' && withTeam ? { franchise_id: '0001' } : {}),
  ...(type === 'flea' && withTeam ? { team_id: '9' } : {}),
});

/** What a tool was told, in order. */
type Told = { answered: string[]; failed: [string, string, boolean][]; again: string[] };

/** A request the test answers by hand. */
interface Sent {
  chunk: LeagueChunk<League>;
  ask: string;
  signal: AbortSignal;
  answer: (league_id: string) => void;
  end: (error?: unknown) => void;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

/** Mounts the hook with a tool whose requests wait for the test; answers its start and retry. */
function mount(first?: LeagueType) {
  const told: Told = { answered: [], failed: [], again: [] };
  const sent: Sent[] = [];
  let hook: ReturnType<typeof useStreamedChunks<string, string>> | undefined;
  const tool: ChunkTool<string, string> = {
    send: (chunk, ask, signal, onAnswer) =>
      new Promise((resolve, reject) =>
        sent.push({
          chunk,
          ask,
          signal,
          answer: (id) => onAnswer(id, `${ask}:${id}`),
          end: (error) => (error ? reject(error) : resolve(undefined)),
        }),
      ),
    onAnswer: (l, answer, again) => {
      told.answered.push(`${l.type}:${answer}`);
      if (again) told.again.push(l.league_id);
    },
    onFailed: (ls, error, again) => {
      for (const l of ls) told.failed.push([`${l.type}:${l.league_id}`, error, again]);
    },
    error: 'Could not load these leagues',
    first,
  };
  function Probe() {
    hook = useStreamedChunks(tool);
    return null;
  }
  root = createRoot(document.createElement('div'));
  act(() => root!.render(<Probe />));
  return { told, sent, hook: () => hook! };
}

const tick = () => act(async () => {});

describe('useStreamedChunks', () => {
  it('sends the planned chunks six at a time, hands on each answer, and fails the leagues without a team unsent', async () => {
    const { told, sent, hook } = mount();
    const leagues = [
      ...Array.from({ length: 30 }, (_, i) => league('sleeper', i)),
      ...Array.from({ length: 6 }, (_, i) => league('mfl', 100 + i)),
      league('flea', 200, false),
    ];
    let finished: boolean | undefined;
    void hook()
      .start(leagues, 'w5')
      .then((current) => {
        finished = current;
      });
    await tick();
    expect(told.failed).toEqual([['flea:200', NO_TEAM, false]]);
    // 8 chunks planned (2 MFL, 6 Sleeper), 6 in flight; the services take turns.
    expect(sent.map((s) => `${s.chunk.service}:${s.chunk.leagues.length}`)).toEqual([
      'mfl:5',
      'sleeper:5',
      'mfl:1',
      'sleeper:5',
      'sleeper:5',
      'sleeper:5',
    ]);
    expect(sent.every((s) => s.ask === 'w5')).toBe(true);
    sent[0].answer('100');
    sent[0].answer('100'); // a league answers once
    sent[0].answer('999'); // a league not of the chunk is no one's
    expect(told.answered).toEqual(['mfl:w5:100']);
    // The chunk ends with four leagues unanswered: they fail with the tool's words.
    await act(async () => sent[0].end());
    expect(told.failed.slice(1).map(([key, error]) => `${key} ${error}`)).toEqual(
      ['101', '102', '103', '104'].map((id) => `mfl:${id} Could not load these leagues`),
    );
    expect(sent).toHaveLength(7);
    // A failure with words says them; a stream cut mid-line (not JSON) says the tool's own.
    await act(async () => sent[1].end(new Error('Connect your Sleeper account first.')));
    await act(async () => sent[2].end(new SyntaxError('Unexpected end of JSON input')));
    expect(told.failed.at(-2)).toEqual(['sleeper:4', 'Connect your Sleeper account first.', false]);
    expect(told.failed.at(-1)).toEqual(['mfl:105', 'Could not load these leagues', false]);
    // The rest end one by one, the last chunk sent as a place frees.
    for (let i = 3; i < sent.length; i++) await act(async () => sent[i].end());
    expect(sent).toHaveLength(8);
    expect(finished).toBe(true);
    expect(told.answered.length + told.failed.length).toBe(leagues.length);
  });

  it('sends every chunk of the service named first before the others', async () => {
    const { sent, hook } = mount('mfl');
    void hook().start([league('sleeper', 1), ...Array.from({ length: 6 }, (_, i) => league('mfl', i))], 'w1');
    await tick();
    expect(sent.map((s) => s.chunk.service)).toEqual(['mfl', 'mfl', 'sleeper']);
  });

  it('cancels the run before when a new one starts: its requests are aborted and nothing of it is handed on', async () => {
    const { told, sent, hook } = mount();
    let first: boolean | undefined;
    void hook()
      .start([league('sleeper', 1), league('sleeper', 2)], 'old')
      .then((current) => {
        first = current;
      });
    await tick();
    void hook().start([league('sleeper', 3)], 'new');
    await tick();
    expect(sent[0].signal.aborted).toBe(true);
    sent[0].answer('1');
    await act(async () => sent[0].end(new DOMException('aborted', 'AbortError')));
    expect(first).toBe(false);
    sent[1].answer('3');
    expect(told.answered).toEqual(['sleeper:new:3']);
    expect(told.failed).toEqual([]);
  });

  it("tries leagues again within the run, with the run's ask; nothing before a run has started", async () => {
    const { told, sent, hook } = mount();
    expect(await hook().retry([league('sleeper', 1)])).toBe(false);
    expect(sent).toHaveLength(0);
    void hook().start([league('sleeper', 1)], 'w3');
    await tick();
    await act(async () => sent[0].end(new Error('Down')));
    void hook().retry([league('sleeper', 1), league('mfl', 2, false)]);
    await tick();
    expect(told.failed.at(-1)).toEqual(['mfl:2', NO_TEAM, true]);
    expect(sent[1].ask).toBe('w3');
    sent[1].answer('1');
    expect(told.again).toEqual(['1']);
  });

  it('hands nothing on once the page has gone', async () => {
    const { told, sent, hook } = mount();
    void hook().start([league('sleeper', 1)], 'w1');
    await tick();
    act(() => root!.unmount());
    root = undefined;
    expect(sent[0].signal.aborted).toBe(true);
    sent[0].answer('1');
    expect(told.answered).toEqual([]);
  });
});
