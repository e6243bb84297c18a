import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiCallsInFlight } from '#client/api/http.ts';
import { PublicData } from './public-data.ts';

/** The API as a list of answers, one per call, and the paths asked for. */
function answering(...answers: Array<{ status: number; body: unknown }>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      const { status, body } = answers.shift() ?? { status: 500, body: { error: 'no answer left' } };
      return new Response(JSON.stringify(body), { status });
    }),
  );
  return asked;
}

/** Lets the store's asks (and a retry's one-second wait) run to their end. */
const settle = () => vi.advanceTimersByTimeAsync(2000);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PublicData', () => {
  it("keeps a page's answers, tells its readers, and asks for none of them again while fresh", async () => {
    const asked = answering();
    const store = new PublicData();
    const told = vi.fn();
    store.subscribe(told);
    store.put('articles?limit=6', { data: { items: [] } });
    expect(told).toHaveBeenCalledTimes(1);
    store.load('articles?limit=6');
    await settle();
    expect(asked).toEqual([]);
    expect(store.get('articles?limit=6')?.data).toEqual({ items: [] });
  });

  it('asks once for an answer that is missing, however many readers want it meanwhile', async () => {
    const asked = answering({ status: 200, body: { title: 'A' } });
    const store = new PublicData();
    store.load('articles/a');
    store.load('articles/a');
    await settle();
    expect(asked).toEqual(['/api/articles/a']);
    expect(store.get('articles/a')).toMatchObject({ data: { title: 'A' } });
  });

  it('asks again for an answer older than its freshness, and for every answer once retired', async () => {
    const asked = answering({ status: 200, body: 1 }, { status: 200, body: 2 }, { status: 200, body: 3 });
    const store = new PublicData();
    store.load('profile-filters', 60_000);
    await settle();
    store.load('profile-filters', 60_000);
    await settle();
    expect(asked).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    store.load('profile-filters', 60_000);
    await settle();
    expect(store.get('profile-filters')?.data).toBe(2);
    store.retire();
    store.load('profile-filters', 60_000);
    await settle();
    expect(asked).toHaveLength(3);
    expect(store.get('profile-filters')?.data).toBe(3);
  });

  it('keeps a missing item as its 404, asked once; a server failure is asked again once', async () => {
    const asked = answering(
      { status: 404, body: { error: 'Article not found' } },
      { status: 503, body: { error: 'Busy' } },
      { status: 200, body: { title: 'B' } },
    );
    const store = new PublicData();
    store.load('articles/gone');
    await settle();
    expect(store.get('articles/gone')?.error).toEqual(new ApiError(404, 'Article not found'));
    expect(store.get('articles/gone')?.error).toMatchObject({ status: 404 });
    store.load('articles/b');
    await settle();
    expect(store.get('articles/b')).toMatchObject({ data: { title: 'B' } });
    expect(asked).toEqual(['/api/articles/gone', '/api/articles/b', '/api/articles/b']);
  });

  it('counts an answer as on its way through the wait before asking again', async () => {
    answering({ status: 502, body: {} }, { status: 200, body: 'late' });
    const store = new PublicData();
    store.load('articles?page=2');
    await vi.advanceTimersByTimeAsync(500);
    expect(apiCallsInFlight()).toBe(1);
    await settle();
    expect(apiCallsInFlight()).toBe(0);
    expect(store.get('articles?page=2')?.data).toBe('late');
  });

  it('keeps the earlier answer beside the refusal of a later ask; a refusal is an answer while fresh', async () => {
    const asked = answering(
      { status: 200, body: 'first' },
      { status: 404, body: {} },
      { status: 200, body: 'again' },
    );
    const store = new PublicData();
    store.load('search?search=x');
    await settle();
    store.retire();
    store.load('search?search=x');
    await settle();
    expect(store.get('search?search=x')).toMatchObject({ data: 'first', error: expect.any(ApiError) });
    store.load('search?search=x');
    await settle();
    expect(asked).toHaveLength(2);
    store.retire();
    store.load('search?search=x');
    await settle();
    expect(store.get('search?search=x')).toEqual({ data: 'again', at: expect.any(Number) });
  });

  it("asks again for a failure (network, 5xx, a limit's 429) when next shown, fresh or not", async () => {
    const asked = answering(
      { status: 502, body: {} },
      { status: 502, body: {} },
      { status: 429, body: { error: 'Too many attempts.' } },
      { status: 200, body: 'ok' },
    );
    const store = new PublicData();
    store.load('articles');
    await settle();
    expect(store.get('articles')?.error).toMatchObject({ status: 502 });
    store.load('articles');
    await settle();
    expect(store.get('articles')?.error).toMatchObject({ status: 429 });
    store.load('articles');
    await settle();
    expect(store.get('articles')?.data).toBe('ok');
    expect(asked).toHaveLength(4);
  });

  it("keeps a bad query's 400 as its answer while fresh: asking again would get the same", async () => {
    const asked = answering({ status: 400, body: { error: 'Search is too long' } });
    const store = new PublicData();
    store.load('search?search=x');
    await settle();
    store.load('search?search=x');
    await settle();
    expect(asked).toEqual(['/api/search?search=x']);
    expect(store.get('search?search=x')?.error).toEqual(new ApiError(400, 'Search is too long'));
  });

  it("does not ask again for a refusal the page was rendered with (a missing article's 404)", async () => {
    const asked = answering();
    const store = new PublicData();
    store.put('articles/gone', { error: new ApiError(404, 'Article not found') });
    store.load('articles/gone');
    await settle();
    expect(asked).toEqual([]);
    expect(store.get('articles/gone')?.error).toMatchObject({ status: 404 });
  });

  it('keeps at most 100 answers, dropping the oldest', () => {
    const store = new PublicData();
    for (let i = 0; i <= 100; i++) store.put(`articles/${i}`, { data: i });
    expect(store.get('articles/0')).toBeUndefined();
    expect(store.get('articles/1')?.data).toBe(1);
    expect(store.get('articles/100')?.data).toBe(100);
  });
});
