import { ADP_SERVICE_NAMES, type AdpService } from '#common/rookie-adp.ts';
import type { StartupKind } from '#common/startup-adp.ts';

/** What an answer without drafts knows: which drafts were asked for, and what the store holds. */
export interface EmptyFacts {
  service: AdpService;
  /** The startup kind asked for; undefined for rookie drafts. */
  startup?: StartupKind;
  /** Why MFL's own ADP could not answer the filter (an MFL rookie answer from the store), in words. */
  cannot?: readonly string[];
  /** The store's drafts of the service and kind in the chosen dates, under any filter. */
  inDates: number;
  /** The store's drafts of the service and kind, any dates. */
  stored: number;
}

/**
 * Why an answer holds no drafts, in words (pure): what MFL's own ADP cannot answer, then what the
 * site's store holds (none of these drafts at all, none in these dates, or some in these dates that
 * the filters leave out), so the visitor is not told that the dates are to blame when they are not.
 */
export function emptyReason(f: EmptyFacts): string {
  const service = ADP_SERVICE_NAMES[f.service];
  const noun = f.startup
    ? f.startup === 'auction'
      ? ['auction', 'auctions']
      : ['snake draft', 'snake drafts']
    : ['draft', 'drafts'];
  const kind = `${service} ${f.startup ? 'startup' : 'rookie'}`;
  const what = `${kind} ${noun[1]}`;
  const counted = (n: number) => `${n} ${kind} ${noun[n === 1 ? 0 : 1]}`;
  const lead = f.cannot ?? (f.service === 'mfl' && f.startup ? ["MFL's own ADP has no startup report."] : []);
  const which =
    f.service === 'mfl'
      ? ' (it reads only the MFL leagues it lists and those of visitors who connect them and agree to share them)'
      : '';
  const held =
    f.stored === 0
      ? `This site holds no ${what} yet${which}.`
      : f.inDates === 0
        ? `This site holds ${counted(f.stored)}, none in these dates.${
            f.startup
              ? ''
              : ' Most rookie drafts take place between the NFL draft in late April and the start of the season.'
          }`
        : `This site holds ${counted(f.inDates)} in these dates, none of them matching these filters: check more league sizes and formats, or set IDP and PPR to Any.`;
  return [...lead, held].join(' ');
}
