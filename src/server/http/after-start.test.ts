import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { afterStart } from './after-start.ts';

describe('background work after the start', () => {
  it('starts a moment after the server is ready, not before', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify();
      const start = vi.fn();
      afterStart(app, start, 1_500);
      await app.ready();
      expect(start).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1_499);
      expect(start).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(start).toHaveBeenCalledOnce();
      await app.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a server closed before then starts nothing', async () => {
    vi.useFakeTimers();
    try {
      const app = Fastify();
      const start = vi.fn();
      afterStart(app, start, 1_500);
      await app.ready();
      await app.close();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(start).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
