import { describe, expect, it } from 'vitest';
import { emptyReason } from './empty-answer.ts';

describe('why an answer holds no drafts', () => {
  it("names what MFL's own ADP cannot answer before what the store holds", () => {
    expect(
      emptyReason({
        service: 'mfl',
        cannot: ["MFL's own ADP cannot tell IDP leagues from the others."],
        inDates: 3,
        stored: 9,
      }),
    ).toBe(
      "MFL's own ADP cannot tell IDP leagues from the others. This site holds 3 MFL rookie drafts in these dates, none of them matching these filters: check more league sizes and formats, or set IDP and PPR to Any.",
    );
  });

  it('blames the dates only when the store holds drafts, none of them in the dates', () => {
    expect(emptyReason({ service: 'sleeper', inDates: 0, stored: 1 })).toBe(
      'This site holds 1 Sleeper rookie draft, none in these dates. Most rookie drafts take place between the NFL draft in late April and the start of the season.',
    );
    expect(emptyReason({ service: 'sleeper', startup: 'auction', inDates: 0, stored: 2 })).toBe(
      'This site holds 2 Sleeper startup auctions, none in these dates.',
    );
  });

  it("says when the store holds none at all, and that MFL's own ADP has no startup report", () => {
    expect(emptyReason({ service: 'mfl', startup: 'snake', inDates: 0, stored: 0 })).toBe(
      "MFL's own ADP has no startup report. This site holds no MFL startup snake drafts yet (it reads only the MFL leagues it lists and those of visitors who connect them and agree to share them).",
    );
    expect(emptyReason({ service: 'sleeper', inDates: 0, stored: 0 })).toBe(
      'This site holds no Sleeper rookie drafts yet.',
    );
  });
});
