import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdpSourceStats } from '#common/adp-sources.ts';
import { AdpSourcesPanel, ageText } from './adp-sources-panel.tsx';

const none: AdpSourceStats = {
  store: [
    { service: 'mfl', drafts: 0, newestDraftAt: null },
    { service: 'sleeper', drafts: 1234, newestDraftAt: '2026-11-20T18:00:00.000Z' },
  ],
  startup: [
    { service: 'mfl', kind: 'snake', drafts: 0, newestDraftAt: null },
    { service: 'mfl', kind: 'auction', drafts: 0, newestDraftAt: null },
    { service: 'sleeper', kind: 'snake', drafts: 512, newestDraftAt: '2026-11-19T18:00:00.000Z' },
    { service: 'sleeper', kind: 'auction', drafts: 37, newestDraftAt: '2026-11-18T18:00:00.000Z' },
  ],
  mflAggregate: {
    lastGoodAt: null,
    ageMs: null,
    sizes: [],
    ppr: null,
    drafts: null,
    coversUntil: null,
    lastFailureAt: null,
    lastFailure: null,
  },
  mflCopies: {
    copies: 0,
    firstDay: null,
    latestDay: null,
    lastRunAt: null,
    lastRunStatus: null,
    lastRunError: null,
  },
  mfl429s: 0,
};

/** The markup's text, each element's text set apart by a space. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/ ([.,:)])/g, '$1');

describe('the ADP sources panel', () => {
  it('says how old the last good MFL answer is', () => {
    expect([ageText(40_000), ageText(12 * 60_000), ageText(185 * 60_000), ageText(3 * 86_400_000)]).toEqual([
      '40 s',
      '12 min',
      '3 h 05 min',
      '3 days',
    ]);
  });

  it("shows each source's drafts, MFL's last good answer and its age, and MFL's 429s", () => {
    const html = text(
      renderToStaticMarkup(
        <AdpSourcesPanel
          sources={{
            ...none,
            mflAggregate: {
              lastGoodAt: '2026-11-26T09:00:00.000Z',
              ageMs: 2 * 3_600_000 + 5 * 60_000,
              sizes: [10, 12, 14],
              ppr: 1,
              drafts: 6227,
              coversUntil: '2026-11-26',
              lastFailureAt: '2026-11-26T10:00:00.000Z',
              lastFailure: 'MFL is not available right now',
            },
            mflCopies: {
              copies: 540,
              firstDay: '2026-09-27',
              latestDay: '2026-11-26',
              lastRunAt: '2026-11-26T06:00:00.000Z',
              lastRunStatus: 'failed',
              lastRunError: 'MFL did not answer',
            },
            mfl429s: 3,
          }}
        />,
      ),
    );
    expect(html).toContain('Sleeper drafts this site stores 1,234');
    // Startup drafts on lines of their own, per kind: never added to the rookie drafts.
    expect(html).toContain('Sleeper startup snake drafts this site stores 512');
    expect(html).toContain('Sleeper startup auctions this site stores 37');
    expect(html).toContain('MFL startup auctions this site stores 0');
    expect(html).toContain("MFL's own ADP (latest answer) 6,227 up to 11/26/2026");
    expect(html).toContain('(2 h 05 min ago), for 10, 12, 14-team leagues, PPR.');
    expect(html).toContain(': MFL is not available right now');
    expect(html).toContain('MFL answered 429 (too many requests) 3 times since this server started.');
    expect(html).toContain(
      "Copies of MFL's own ADP kept for its trends: 540 this season, from 9/27/2026 to 11/26/2026.",
    );
    expect(html).toMatch(/Latest run .+: failed \(MFL did not answer\)\./);
  });

  it('says so when MFL has not answered yet', () => {
    const html = text(renderToStaticMarkup(<AdpSourcesPanel sources={none} />));
    expect(html).toContain('Last good answer from MFL: none yet.');
    expect(html).toContain("MFL's own ADP (latest answer) — —");
    expect(html).toContain('0 times since this server started');
    expect(html).toContain("Copies of MFL's own ADP kept for its trends: none yet.");
  });
});
