import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADP_MESSAGES,
  type AdpPlayer,
  adpCaption,
  adpCsv,
  adpFilterProblems,
  adpRequestSchema,
  adpWindow,
  applyMinShare,
  dayStart,
  defaultAdpRange,
  formatAdp,
  formatMdy,
  fromIsoDate,
  pickHiddenLegend,
  pickLegend,
  pickNotation,
  singleSize,
  toIsoDate,
  trendDisplay,
  trendOf,
  trendPeriods,
} from './rookie-adp.ts';

const ok = { sizes: [12], types: ['SF'], startDate: '2025-05-01', endDate: '2025-05-31' };

describe('the submit checks', () => {
  it('passes a complete filter', () => {
    expect(adpFilterProblems(ok)).toEqual([]);
  });

  it('reports sizes, then types, then dates, in the spec order', () => {
    expect(adpFilterProblems({ sizes: [], types: [], startDate: '', endDate: null })).toEqual([
      'Must select at least one league size.',
      'Must select at least one league type.',
      'Invalid date range.',
    ]);
    expect(adpFilterProblems({ ...ok, types: [], startDate: undefined })).toEqual([
      ADP_MESSAGES.type,
      ADP_MESSAGES.dates,
    ]);
    expect(adpFilterProblems({ ...ok, sizes: [] })).toEqual([ADP_MESSAGES.size]);
  });

  it('refuses an end before the start, a missing date and dates that do not exist', () => {
    for (const [startDate, endDate] of [
      ['2025-05-02', '2025-05-01'],
      ['2025-05-01', ''],
      ['', '2025-05-01'],
      ['2025-02-30', '2025-03-01'],
      ['2025-13-01', '2025-12-01'],
      ['05/01/2025', '2025-05-02'],
    ]) {
      expect(adpFilterProblems({ ...ok, startDate, endDate }), `${startDate}..${endDate}`).toEqual([
        ADP_MESSAGES.dates,
      ]);
    }
    expect(adpFilterProblems({ ...ok, startDate: '2025-05-01', endDate: '2025-05-01' })).toEqual([]);
    expect(adpFilterProblems({ ...ok, startDate: '2024-02-29', endDate: '2024-03-01' })).toEqual([]);
  });

  it('agrees with the date order for any two real days', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (a, b) => {
          const [startDate, endDate] = [a.toISOString().slice(0, 10), b.toISOString().slice(0, 10)];
          const problems = adpFilterProblems({ ...ok, startDate, endDate });
          expect(problems.length === 0).toBe(startDate <= endDate);
        },
      ),
    );
  });
});

describe('the request schema', () => {
  it('takes select values as strings, keeps canonical order and drops duplicates', () => {
    const parsed = adpRequestSchema.parse({
      idp: '-1',
      ppr: '1',
      sizes: ['14', 10, 14],
      types: ['2QB', '1QB', '2QB'],
      startDate: '2025-05-01',
      endDate: '2025-05-31',
    });
    expect(parsed).toMatchObject({ idp: -1, ppr: 1, sizes: [10, 14], types: ['1QB', '2QB'], service: 'mfl' });
  });

  it('defaults to any PPR, any IDP and empty choices (left to the checks)', () => {
    expect(adpRequestSchema.parse({})).toMatchObject({ idp: 0, ppr: 0, sizes: [], types: [] });
  });

  it('refuses values outside the lists', () => {
    expect(adpRequestSchema.safeParse({ sizes: [11] }).success).toBe(false);
    expect(adpRequestSchema.safeParse({ types: ['3QB'] }).success).toBe(false);
    expect(adpRequestSchema.safeParse({ idp: 2 }).success).toBe(false);
    expect(adpRequestSchema.safeParse({ service: 'flea' }).success).toBe(false);
  });
});

describe('dates', () => {
  it('shows MM/DD/YYYY in the caption', () => {
    expect(formatMdy('2025-03-07')).toBe('03/07/2025');
    expect(adpCaption(12, 'MFL', '2025-03-07', '2025-04-06')).toBe(
      'Data collected from 12 MFL drafts between 03/07/2025 and 04/06/2025.',
    );
    expect(adpCaption(1, 'MFL', '2025-03-07', '2025-04-06')).toBe(
      'Data collected from 1 MFL draft between 03/07/2025 and 04/06/2025.',
    );
  });

  it('round-trips local calendar dates', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true }),
        (d) => {
          const iso = toIsoDate(d);
          expect(toIsoDate(fromIsoDate(iso)!)).toBe(iso);
        },
      ),
    );
  });

  it('defaults to the 30 days up to today', () => {
    expect(defaultAdpRange(new Date(2025, 2, 15, 18, 30))).toEqual({
      startDate: '2025-02-13',
      endDate: '2025-03-15',
    });
  });

  it('covers whole UTC days, the end day included', () => {
    expect(adpWindow('2025-05-01', '2025-05-01')).toEqual({
      startTime: Date.UTC(2025, 4, 1),
      endTime: Date.UTC(2025, 4, 2),
    });
    expect(dayStart('2025-02-29')).toBeUndefined();
  });
});

describe('numbers', () => {
  it('shows ADP to two decimals', () => {
    expect(formatAdp(3.9375)).toBe('3.94');
    expect(formatAdp(12)).toBe('12.00');
  });
});

describe('pick notation', () => {
  it('writes ADP as round.pick in the league size, from the nearest overall pick', () => {
    expect(pickNotation(7, 12)).toBe('1.07');
    expect(pickNotation(1, 12)).toBe('1.01');
    expect(pickNotation(12.49, 12)).toBe('1.12');
    // A half goes to the later pick.
    expect(pickNotation(12.5, 12)).toBe('2.01');
    expect(pickNotation(6.5, 10)).toBe('1.07');
    expect(pickNotation(6.49, 10)).toBe('1.06');
    expect(pickNotation(14, 14)).toBe('1.14');
    expect(pickNotation(15, 14)).toBe('2.01');
    expect(pickNotation(36.2, 12)).toBe('3.12');
    expect(pickNotation(121, 10)).toBe('13.01');
    // Never before the first pick.
    expect(pickNotation(0.4, 12)).toBe('1.01');
  });

  it('gives every overall pick its own round and place, in order', () => {
    fc.assert(
      fc.property(fc.constantFrom(10, 12, 14), fc.integer({ min: 1, max: 400 }), (size, overall) => {
        const [round, pick] = pickNotation(overall, size).split('.').map(Number);
        expect(pick).toBeGreaterThanOrEqual(1);
        expect(pick).toBeLessThanOrEqual(size);
        expect((round - 1) * size + pick).toBe(overall);
        // Within half a pick either side, the same pick.
        expect(pickNotation(overall - 0.5, size)).toBe(pickNotation(overall, size));
        expect(pickNotation(overall + 0.49, size)).toBe(pickNotation(overall, size));
      }),
    );
  });

  it('is shown only when exactly one league size is chosen, with a legend naming it', () => {
    expect(singleSize([12])).toBe(12);
    expect(singleSize([10, 12])).toBeUndefined();
    expect(singleSize([])).toBeUndefined();
    expect(pickLegend(12)).toBe(
      'Pick: ADP as round.pick in a 12-team draft, from the nearest overall pick (ADP 7.0 is 1.07; a half goes to the later pick).',
    );
  });

  it('with several sizes, a legend says ADP is the overall pick and why round.pick is hidden', () => {
    expect(pickHiddenLegend([10, 12, 14])).toBe(
      'ADP is the average overall pick (4.13 lies between the 4th and 5th pick, not round 4, pick 13). Round.pick is shown when one league size is chosen: these drafts have 10, 12 or 14 teams, so a round has no single length.',
    );
    expect(pickHiddenLegend([10, 14])).toMatch(/have 10 or 14 teams/);
  });
});

describe('the trend rule', () => {
  it('compares the 30 days ending at the window end with the 30 days before, both ends included', () => {
    expect(trendPeriods('2025-07-31')).toEqual({
      recent: { startDate: '2025-07-02', endDate: '2025-07-31' },
      prior: { startDate: '2025-06-02', endDate: '2025-07-01' },
    });
    // Across a year and a leap day.
    expect(trendPeriods('2024-03-01')).toEqual({
      recent: { startDate: '2024-02-01', endDate: '2024-03-01' },
      prior: { startDate: '2024-01-02', endDate: '2024-01-31' },
    });
  });

  it('is recent ADP minus prior ADP, negative when rising, with enough drafts in each period', () => {
    expect(trendOf({ adp: 3, drafts: 3 }, { adp: 5.5, drafts: 4 })).toBe(-2.5);
    expect(trendOf({ adp: 8, drafts: 10 }, { adp: 5.5, drafts: 10 })).toBe(2.5);
    expect(trendOf({ adp: 3, drafts: 2 }, { adp: 5.5, drafts: 40 })).toBeUndefined();
    expect(trendOf({ adp: 3, drafts: 40 }, { adp: 5.5, drafts: 2 })).toBeUndefined();
    expect(trendOf(undefined, { adp: 5.5, drafts: 40 })).toBeUndefined();
    expect(trendOf({ adp: 3, drafts: 40 }, undefined)).toBeUndefined();
    expect(trendOf({ adp: 3, drafts: 1 }, { adp: 4, drafts: 1 }, 1)).toBe(-1);
  });

  it('shows a signed number to one decimal, an arrow and words: rising, falling or steady', () => {
    expect(trendDisplay(-2.46)).toEqual({
      direction: 'rising',
      arrow: '▲',
      text: '−2.5',
      label: 'Rising: 2.5 picks earlier than the 30 days before',
    });
    expect(trendDisplay(1.04)).toEqual({
      direction: 'falling',
      arrow: '▼',
      text: '+1.0',
      label: 'Falling: 1.0 pick later than the 30 days before',
    });
    expect(trendDisplay(0.049).direction).toBe('steady');
    expect(trendDisplay(-0.049)).toMatchObject({ direction: 'steady', text: '0.0', arrow: '→' });
    expect(trendDisplay(-0.051)).toMatchObject({ direction: 'rising', text: '−0.1' });
  });
});

describe('CSV export', () => {
  const player = {
    id: '1',
    position: 'WR',
    adp: 3.9375,
    minPick: 1,
    maxPick: 11,
    drafts: 8,
    draftShare: 0.5,
  };

  it('has a header and one row per player, ranked', () => {
    const csv = adpCsv([
      { ...player, name: 'Riley Fowler' },
      { ...player, id: '2', name: 'Ja, "Jr"' },
    ]).split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Min,Max,Drafts,Share');
    expect(csv[1]).toBe('1,WR,Riley Fowler,3.94,1,11,8,50.0%');
    expect(csv[2]).toBe('2,WR,"Ja, ""Jr""",3.94,1,11,8,50.0%');
    expect(csv.slice(3)).toEqual(['']);
  });

  it('adds round.pick after ADP when one league size is chosen', () => {
    const csv = adpCsv([{ ...player, name: 'Riley Fowler', adp: 13.2 }], 12).split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Pick (12-team),Min,Max,Drafts,Share');
    expect(csv[1]).toBe('1,WR,Riley Fowler,13.20,2.01,1,11,8,50.0%');
  });

  it('adds the trend last when the answer has trends, as a number to one decimal', () => {
    const csv = adpCsv(
      [
        { ...player, name: 'A', trend: -1.26 },
        { ...player, name: 'B', trend: 0.5 },
        { ...player, name: 'C' },
        { ...player, name: 'D', trend: -0.04 },
      ],
      undefined,
      true,
    ).split('\r\n');
    expect(csv[0]).toBe('Rank,Pos.,Name,ADP,Min,Max,Drafts,Share,Trend');
    expect(csv.slice(1, 5).map((l) => l.split(',').at(-1))).toEqual(['-1.3', '0.5', '', '0']);
  });

  it('never lets a name start a spreadsheet formula', () => {
    expect(adpCsv([{ ...player, name: '=HYPERLINK("x")' }]).split('\r\n')[1]).toContain(
      `"'=HYPERLINK(""x"")"`,
    );
    expect(adpCsv([{ ...player, name: '-Minus' }]).split('\r\n')[1]).toContain(`'-Minus`);
  });
});

describe('form values, shares and dates read exactly', () => {
  it('reads numbers sent as text, and refuses blank or non-numeric text', () => {
    expect(
      adpRequestSchema.parse({ idp: '1', ppr: ' -1 ', sizes: ['12', 10], minShare: '2.5' }),
    ).toMatchObject({
      idp: 1,
      ppr: -1,
      sizes: [10, 12],
      minShare: 2.5,
    });
    for (const bad of [
      { idp: ' ' },
      { idp: 'x' },
      { sizes: [''] },
      { minShare: 'lots' },
      { minShare: '101' },
    ])
      expect(adpRequestSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('lists players at or above the minimum share and counts the rest', () => {
    const players = [0.5, 0.025, 0.0249, 0].map(
      (draftShare, i) => ({ id: String(i), draftShare }) as AdpPlayer,
    );
    const cut = applyMinShare(players, 2.5);
    expect(cut.players.map((p) => p.id)).toEqual(['0', '1']);
    expect(cut.hidden).toBe(2);
    expect(applyMinShare(players, 0)).toEqual({ players, hidden: 0 });
    expect(applyMinShare(players, 100)).toEqual({ players: [], hidden: 4 });
  });

  it('reads only real calendar days', () => {
    expect(dayStart('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
    for (const bad of [
      '2025-02-29',
      '2025-13-01',
      '2025-04-31',
      '2025-00-10',
      '2025-01-00',
      '',
      null,
      undefined,
      '2025-1-01',
    ])
      expect(dayStart(bad), String(bad)).toBeUndefined();
    expect(fromIsoDate('2025-02-30')).toBeUndefined();
  });
});
