import type { MflClient } from '#server/leagues/mfl/client.ts';
import { yearFromLeagueUrl } from '#server/leagues/mfl/hosts.ts';
import type { MflAuction, MflDraftPick, MflPlayer } from '#server/leagues/mfl/schemas.ts';
import type { MflLeagueRef } from '#server/leagues/mfl/session.ts';
import { mflDisplayName } from '#server/leagues/player-names.ts';
import {
  type DraftRecord,
  firstPickOfEach,
  type LeagueDrafts,
  type RookiePick,
  rookiePicks,
} from './draft-record.ts';
import { type LeagueFacts, mflIsIdp, mflIsPpr, mflQbFormat } from './facts.ts';
import {
  auctionShares,
  isMflFirstSeason,
  isVeteranDraft,
  mflLoadsByAuction,
  type StartupDraftRecord,
} from './startup-record.ts';

/**
 * Reads one MFL league's rookie drafts: the league settings first (they name the league's host, so
 * the other reads go straight there), then the draft results, and the scoring rules and the picked
 * players only when there are picks to keep.
 */
export async function readMflLeague(
  mfl: MflClient,
  ref: MflLeagueRef,
  cookie?: string,
): Promise<LeagueDrafts> {
  const options = { cookie };
  const season = ref.year ?? yearFromLeagueUrl(ref.url) ?? mfl.seasonYear();
  const league = await mfl.league({ ...ref, year: season }, options);
  const url =
    ref.url ??
    (league.baseURL ? `${league.baseURL.replace(/\/+$/, '')}/${season}/home/${ref.league_id}` : undefined);
  const direct: MflLeagueRef = { league_id: ref.league_id, url, year: season };
  const units = (await mfl.draftResults(direct, options)).filter((u) =>
    u.picks.some((p) => p.player.trim() !== ''),
  );
  // A startup is read only in the league's first season; an auction only when MFL says the rosters
  // were auctioned (decision 021).
  const firstSeason = isMflFirstSeason(league.history, season);
  const budget = Number(league.auctionStartAmount || league.salaryCapAmount || 0);
  const auctions =
    firstSeason && mflLoadsByAuction(league.loadRosters)
      ? (await mfl.auctionResults(direct, options)).filter((u) => u.auctions.length > 0)
      : [];
  if (units.length === 0 && auctions.length === 0) return { drafts: [], url };

  // The league's facts (PPR from its rules) are part of every record, so a failed rules read fails the
  // league until its next try. The players come from MFL's database, or by id when it does not answer.
  const picked = [
    ...units.flatMap((u) => u.picks.map((p) => p.player.trim()).filter(Boolean)),
    ...auctions.flatMap((u) => u.auctions.map((a) => a.player.trim()).filter(Boolean)),
  ];
  const [rules, index] = await Promise.all([mfl.rules(direct, options), mfl.playersById(picked, season)]);
  const facts: LeagueFacts = {
    size: league.franchises.length,
    qbFormat: mflQbFormat(league.starters),
    idp: mflIsIdp(league.starters, league.idpStarters),
    ppr: mflIsPpr(rules),
  };
  const isRookie = (p: { player: string }) => Number(index.get(p.player)?.draft_year) === season;

  const lookup = { isRookie, player: (id: string) => index.get(id) };
  const drafts: DraftRecord[] = [];
  const startups: StartupDraftRecord[] = [];
  for (const { unit, picks } of units) {
    const startup = firstSeason
      ? mflStartupDraft(ref.league_id, season, unit || 'LEAGUE', facts, picks, lookup)
      : undefined;
    if (startup) startups.push(startup);
    const record = startup
      ? undefined
      : mflDraft(ref.league_id, season, unit || 'LEAGUE', facts, picks, lookup);
    if (record) drafts.push(record);
  }
  for (const { unit, auctions: sales } of auctions) {
    const startup = mflStartupAuction(ref.league_id, season, unit || 'LEAGUE', facts, budget, sales, lookup);
    if (startup) startups.push(startup);
  }
  return { drafts, startups, url };
}

type Lookup = { isRookie: (p: { player: string }) => boolean; player: (id: string) => MflPlayer | undefined };

const keptPlayer = (player: MflPlayer) => ({
  key: player.id,
  name: mflDisplayName(player.name),
  position: player.position,
});

/**
 * A unit's draft as a startup (decision 021): the league's first season, and veterans more than half
 * the picks made. Each player keeps his overall pick, counted as the rookie draft counts it.
 */
export function mflStartupDraft(
  leagueId: string,
  season: number,
  unit: string,
  facts: LeagueFacts,
  slots: readonly MflDraftPick[],
  lookup: Lookup,
): StartupDraftRecord | undefined {
  const made = slots.filter((p) => p.player.trim() !== '' && lookup.player(p.player));
  if (!isVeteranDraft(made, lookup.isRookie, false)) return undefined;
  const all = mflDraft(leagueId, season, unit, facts, slots, { ...lookup, everyPick: true });
  if (!all) return undefined;
  return {
    service: 'mfl',
    draftKey: `${leagueId}:${season}:${unit}:snake`,
    leagueId,
    season,
    kind: 'snake',
    facts,
    startedAt: all.startedAt,
    picks: all.picks.map((p) => ({ value: p.overall, player: p.player })),
  };
}

/**
 * A unit's startup auction: the league's first season (the caller checks it and that MFL says the
 * rosters were auctioned), veterans more than half the players sold, each price (winningBid) over
 * the budget per franchise (auctionStartAmount, else salaryCapAmount). Dated by its first sale.
 */
export function mflStartupAuction(
  leagueId: string,
  season: number,
  unit: string,
  facts: LeagueFacts,
  budget: number,
  sales: readonly MflAuction[],
  lookup: Lookup,
): StartupDraftRecord | undefined {
  const sold = sales.filter((a) => a.player.trim() !== '' && lookup.player(a.player));
  if (!isVeteranDraft(sold, lookup.isRookie, false)) return undefined;
  const times = sold
    .map((a) => Number(a.timeStarted || a.lastBidTime))
    .filter((t) => Number.isFinite(t) && t > 0);
  if (times.length === 0) return undefined;
  const picks = auctionShares(sold, budget, (a) => {
    const player = lookup.player(a.player);
    return { price: Number(a.winningBid ?? Number.NaN), player: player && keptPlayer(player) };
  });
  if (picks.length === 0) return undefined;
  return {
    service: 'mfl',
    draftKey: `${leagueId}:${season}:${unit}:auction`,
    leagueId,
    season,
    kind: 'auction',
    facts,
    budget,
    startedAt: new Date(Math.min(...times) * 1000),
    picks,
  };
}

/**
 * One draft unit's record, or undefined when it is not a rookie draft or cannot be dated. `picks` are
 * all the unit's slots, made or not (MFL lists the picks still to come with no player).
 */
export function mflDraft(
  leagueId: string,
  season: number,
  unit: string,
  facts: LeagueFacts,
  slots: readonly MflDraftPick[],
  lookup: Lookup & { everyPick?: boolean },
): DraftRecord | undefined {
  // Pick numbers restart each round; a round holds as many picks as its highest pick number (a
  // division's draft unit has fewer than the league).
  const perRound = Math.max(0, ...slots.map((p) => Number(p.pick) || 0)) || facts.size;
  const picks = slots.filter((p) => p.player.trim() !== '');
  const times = picks.map((p) => Number(p.timestamp)).filter((t) => Number.isFinite(t) && t > 0);
  if (times.length === 0) return undefined;
  const startedAt = new Date(Math.min(...times) * 1000);
  const inOrder = picks.sort((a, b) => Number(a.round) - Number(b.round) || Number(a.pick) - Number(b.pick));
  // A startup (everyPick) keeps every pick; a rookie draft its rookies'.
  const counted = new Set(lookup.everyPick ? inOrder : rookiePicks(inOrder, lookup.isRookie, false));
  let last = startedAt;
  const kept: RookiePick[] = [];
  for (const p of inOrder) {
    const round = Number(p.round);
    const pick = Number(p.pick);
    const player = lookup.player(p.player);
    const t = Number(p.timestamp);
    // A pick without a time (made offline by the commissioner) takes the time of the pick before it.
    if (Number.isFinite(t) && t > 0) last = new Date(t * 1000);
    if (!counted.has(p) || !player || !(round >= 1) || !(pick >= 1)) continue;
    kept.push({
      overall: (round - 1) * perRound + pick,
      pickedAt: last,
      player: keptPlayer(player),
    });
  }
  const unique = firstPickOfEach(kept);
  if (unique.length === 0) return undefined;
  return {
    service: 'mfl',
    draftKey: `${leagueId}:${season}:${unit}`,
    leagueId,
    season,
    facts,
    startedAt,
    picks: unique,
  };
}
