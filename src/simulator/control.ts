/** The simulator's controls: clock, latency, per-service rate limits and injected faults. */
import { worldSummary } from './summary.ts';
import type { World } from './world/world.ts';

export type ServiceName = 'mfl' | 'sleeper' | 'flea' | 'espn';
export const SERVICES: readonly ServiceName[] = ['mfl', 'sleeper', 'flea', 'espn'];
export type FaultKind = '500' | 'timeout' | 'malformed' | '429' | 'expired-cookie' | 'down' | 'hold';
export const FAULT_KINDS: readonly FaultKind[] = [
  '500',
  'timeout',
  'malformed',
  '429',
  'expired-cookie',
  'down',
  'hold',
];
export type Phase = 'before' | 'during' | 'after';

export interface FaultSpec {
  service: ServiceName;
  kind: FaultKind;
  /** How many matching requests fail; default 1. */
  count?: number;
  /** Only requests whose path and query contain this text. */
  match?: string;
}

export type ClockSetting = { now: number } | { week: number; phase: Phase };

export interface LineupView {
  service: ServiceName;
  league: string;
  franchise: string;
  week: number;
  starters: string[];
}

export interface SimControl {
  /** The simulated time, epoch ms. */
  now(): number;
  /** Moves the clock; the simulated time then runs on with the real one. Returns the new time. */
  setClock(to: ClockSetting): number;
  setLatency(ms: number): void;
  /** A limit of 0 (or less) removes the service's limit. */
  setRateLimit(service: ServiceName, limit: number, windowMs: number): void;
  addFault(fault: FaultSpec): void;
  /** Lets the requests held by 'hold' faults go on, answered as usual. */
  release(): void;
  /** A team's starters for a week as the world holds them, in the service's player ids. */
  lineup(league: string, franchise: string, week?: number): LineupView | undefined;
  /** Back to the state the simulator started in: clock, lineups, latency, limits and faults. */
  reset(): void;
  /** GET /_sim/world's answer; URLs use `host` (host:port). */
  summary(host?: string): ReturnType<typeof worldSummary>;
}

interface Window {
  limit: number;
  windowMs: number;
  start: number;
  count: number;
}

/** State behind SimControl, plus what the request hooks ask of it. */
export class SimState implements SimControl {
  latencyMs = 0;
  private offsetMs = 0;
  private readonly limits = new Map<ServiceName, Window>();
  private faults: Required<FaultSpec>[] = [];
  private held: (() => void)[] = [];

  constructor(
    private readonly world: World,
    private readonly baseNow: () => number,
  ) {}

  now(): number {
    return this.baseNow() + this.offsetMs;
  }

  setClock(to: ClockSetting): number {
    let target: number;
    if ('now' in to) target = to.now;
    else target = this.world.calendar.phaseMoment(to.week, to.phase);
    this.offsetMs = target - this.baseNow();
    return target;
  }

  setLatency(ms: number) {
    this.latencyMs = Math.max(0, ms);
  }

  setRateLimit(service: ServiceName, limit: number, windowMs: number) {
    if (limit <= 0) this.limits.delete(service);
    else this.limits.set(service, { limit, windowMs: Math.max(1, windowMs), start: Date.now(), count: 0 });
  }

  addFault(fault: FaultSpec) {
    this.faults.push({
      service: fault.service,
      kind: fault.kind,
      count: fault.count ?? 1,
      match: fault.match ?? '',
    });
  }

  /** Waits until release() (or reset()): a request held by a 'hold' fault. */
  holdUntilReleased(): Promise<void> {
    return new Promise((resolve) => this.held.push(resolve));
  }

  release() {
    const held = this.held;
    this.held = [];
    for (const resolve of held) resolve();
  }

  /** Counts a request against the service's limit (real time); answers the Retry-After seconds when over it. */
  overLimit(service: ServiceName): number | undefined {
    const w = this.limits.get(service);
    if (!w) return undefined;
    const t = Date.now();
    if (t - w.start >= w.windowMs) {
      w.start = t;
      w.count = 0;
    }
    w.count++;
    if (w.count <= w.limit) return undefined;
    return Math.max(1, Math.ceil((w.start + w.windowMs - t) / 1000));
  }

  /** Takes the first pending fault that applies to this request, if any. */
  takeFault(service: ServiceName, pathAndQuery: string): FaultKind | undefined {
    const i = this.faults.findIndex((f) => f.service === service && pathAndQuery.includes(f.match));
    if (i < 0) return undefined;
    const f = this.faults[i];
    f.count--;
    if (f.count <= 0) this.faults.splice(i, 1);
    return f.kind;
  }

  lineup(leagueId: string, franchise: string, week?: number): LineupView | undefined {
    const w = this.world;
    for (const service of SERVICES) {
      const league = w.league(service, leagueId);
      if (!league) continue;
      const team = league.teams.find((t) => t.id === franchise);
      if (!team) return undefined;
      const wk = week ?? w.calendar.defaultWeek(this.now());
      let starters: string[];
      if (service === 'mfl') starters = w.starters(league, team, wk, this.now()).map((p) => p.mflId);
      else
        starters = w
          .slotStarters(league, team, wk, this.now())
          .map((p) =>
            p
              ? service === 'sleeper'
                ? p.sleeperId
                : service === 'espn'
                  ? p.espnId
                  : String(p.fleaId)
              : '0',
          );
      return { service, league: league.id, franchise: team.id, week: wk, starters };
    }
    return undefined;
  }

  summary(host = '127.0.0.1:4100') {
    return worldSummary(this.world, this.now(), host);
  }

  reset() {
    this.offsetMs = 0;
    this.latencyMs = 0;
    this.limits.clear();
    this.faults = [];
    this.release();
    this.world.resetLineups();
  }
}
