/*
 * The site's ADP of a player, as a league tool ranks players by it: the ADP data's answer, which
 * Rookie ADP computes (tools/rookie-adp/player-adp.ts) and the app hands to the tools
 * (AppDeps.playerAdp), so no tool imports another.
 */

export interface AdpIds {
  mfl_id?: string;
  sleeper_id?: string;
}

/** A player's ADP and the drafts it comes from, or undefined when the site has none for him. */
export type AdpOf = (player: AdpIds) => { adp: number; adpFrom: 'startup' | 'rookie' } | undefined;

/** The ADP lookup as it stands now (read again when it has grown old). */
export type PlayerAdp = () => Promise<AdpOf>;
