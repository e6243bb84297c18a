import { describe, expect, it } from 'vitest';
import {
  defaultFilter,
  draftFromParams,
  filterFromParams,
  hasDateParams,
  hasFilterParams,
  hiddenFromParams,
  kindFromParams,
  minShareFromParams,
  serviceFromParams,
  toParams,
} from './url-state.ts';

const today = new Date(2025, 5, 15);

describe('the filter in the URL', () => {
  it('defaults to every size and type, any PPR and IDP, and the last 30 days', () => {
    const params = new URLSearchParams();
    expect(hasFilterParams(params)).toBe(false);
    expect(filterFromParams(params, today)).toEqual({
      ppr: 0,
      idp: 0,
      sizes: [10, 12, 14],
      types: ['1QB', 'SF', '2QB'],
      startDate: '2025-05-16',
      endDate: '2025-06-15',
    });
  });

  it("says when both dates come from the URL, so they are not the reader's today's window", () => {
    const dated = (q: string) => hasDateParams(new URLSearchParams(q));
    expect(dated('from=2025-05-01&to=2025-05-31')).toBe(true);
    expect(dated('from=&to=')).toBe(true);
    expect(dated('')).toBe(false);
    expect(dated('from=2025-05-01')).toBe(false);
    // An unreadable date falls back to the default window's.
    expect(dated('from=2025-02-30&to=2025-05-31')).toBe(false);
  });

  it('round-trips a filter and the hidden positions', () => {
    const f = {
      ...defaultFilter(today),
      ppr: 1 as const,
      idp: -1 as const,
      sizes: [12 as const],
      types: ['SF' as const],
    };
    const params = toParams(f, new Set(['PK', 'DE']));
    expect(params.toString()).toBe(
      'ppr=1&idp=-1&sizes=12&types=SF&from=2025-05-16&to=2025-06-15&hide=PK%2CDE',
    );
    expect(hasFilterParams(params)).toBe(true);
    expect(filterFromParams(params, today)).toEqual(f);
    expect(hiddenFromParams(params)).toEqual(new Set(['PK', 'DE']));
  });

  it('keeps empty choices (the checks then say what is missing) and drops unreadable values', () => {
    const f = filterFromParams(new URLSearchParams('sizes=&types=3QB,SF&ppr=7&from=2025-02-30&to='), today);
    expect(f).toMatchObject({ sizes: [], types: ['SF'], ppr: 0, startDate: '2025-05-16', endDate: '' });
  });

  it('defaults to MFL and a 5 % minimum share, and leaves both out of the URL then', () => {
    const params = new URLSearchParams();
    expect(serviceFromParams(params)).toBe('mfl');
    expect(minShareFromParams(params)).toBe(5);
    const written = toParams(defaultFilter(today), new Set(), { service: 'mfl', minShare: 5 });
    expect(written.has('service')).toBe(false);
    expect(written.has('min')).toBe(false);
  });

  it('round-trips the service and the minimum share', () => {
    const params = toParams(defaultFilter(today), new Set(['PK']), { service: 'sleeper', minShare: 0 });
    expect(params.toString()).toBe(
      'ppr=0&idp=0&sizes=10%2C12%2C14&types=1QB%2CSF%2C2QB&from=2025-05-16&to=2025-06-15&hide=PK&service=sleeper&min=0',
    );
    expect(serviceFromParams(params)).toBe('sleeper');
    expect(minShareFromParams(params)).toBe(0);
    expect(filterFromParams(params, today)).toEqual(defaultFilter(today));
    expect(hiddenFromParams(params)).toEqual(new Set(['PK']));

    const other = toParams(defaultFilter(today), new Set(), { service: 'mfl', minShare: 2.5 });
    expect(other.has('service')).toBe(false);
    expect(minShareFromParams(other)).toBe(2.5);
  });

  it.each([
    ['service=fleaflicker', 'mfl'],
    ['service=SLEEPER', 'mfl'],
    ['service=', 'mfl'],
    ['service=sleeper&service=mfl', 'sleeper'],
  ])('reads the service of %s as %s', (query, service) => {
    expect(serviceFromParams(new URLSearchParams(query))).toBe(service);
  });

  it.each([
    ['min=', 5],
    ['min=-1', 5],
    ['min=101', 5],
    ['min=1e1', 5],
    ['min=abc', 5],
    ['min=0x10', 5],
    ['min=Infinity', 5],
    ['min=12', 12],
    ['min=100', 100],
    ['min=0.5', 0.5],
  ])('reads the minimum share of %s as %s', (query, minShare) => {
    expect(minShareFromParams(new URLSearchParams(query))).toBe(minShare);
  });
});

describe('rookie or startup drafts, and the startup kind, in the URL', () => {
  const f = defaultFilter(today);
  it('defaults to rookie drafts and, for startups, snake drafts; writes neither default', () => {
    const params = new URLSearchParams();
    expect([draftFromParams(params), kindFromParams(params)]).toEqual(['rookie', 'snake']);
    const written = toParams(f, new Set(), { service: 'mfl', minShare: 5, draft: 'rookie', kind: 'auction' });
    expect([written.has('draft'), written.has('kind')]).toEqual([false, false]);
    const snake = toParams(f, new Set(), { service: 'mfl', minShare: 5, draft: 'startup', kind: 'snake' });
    expect([snake.get('draft'), snake.has('kind')]).toEqual(['startup', false]);
  });

  it('round-trips a startup auction, and reads anything else as the defaults', () => {
    const params = toParams(f, new Set(), {
      service: 'sleeper',
      minShare: 5,
      draft: 'startup',
      kind: 'auction',
    });
    expect(params.toString()).toContain('service=sleeper&draft=startup&kind=auction');
    expect([draftFromParams(params), kindFromParams(params)]).toEqual(['startup', 'auction']);
    const odd = new URLSearchParams('draft=veteran&kind=linear');
    expect([draftFromParams(odd), kindFromParams(odd)]).toEqual(['rookie', 'snake']);
  });
});
