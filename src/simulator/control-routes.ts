/** The `/_sim/` control endpoints: the same controls as `SimControl`, over HTTP as JSON. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FAULT_KINDS, SERVICES, type SimState } from './control.ts';
import { WEEKS } from './world/schedule.ts';

const service = z.enum(SERVICES as unknown as ['mfl', 'sleeper', 'flea', 'espn']);
const clockSchema = z.union([
  z.object({ now: z.number().int().nonnegative() }),
  z.object({ week: z.number().int().min(1).max(WEEKS), phase: z.enum(['before', 'during', 'after']) }),
]);
const latencySchema = z.object({ ms: z.number().min(0).max(120_000) });
const rateSchema = z.object({
  service,
  limit: z.number().int(),
  windowMs: z.number().int().positive().default(1000),
});
const faultSchema = z.object({
  service,
  kind: z.enum(
    FAULT_KINDS as unknown as ['500', 'timeout', 'malformed', '429', 'expired-cookie', 'down', 'hold'],
  ),
  count: z.number().int().positive().optional(),
  match: z.string().optional(),
});
const lineupSchema = z.object({
  league: z.string().min(1),
  franchise: z.string().min(1),
  week: z.coerce.number().int().min(1).max(WEEKS).optional(),
});

export function registerControl(app: FastifyInstance, state: SimState) {
  const bad = (issues: z.ZodError) => ({
    error: issues.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
  });

  app.get('/_sim/world', async (req) => state.summary(req.headers.host));

  app.post('/_sim/clock', async (req, reply) => {
    const parsed = clockSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send(bad(parsed.error));
    const now = state.setClock(parsed.data);
    return { now, nowIso: new Date(now).toISOString(), currentWeek: state.summary().currentWeek };
  });

  app.post('/_sim/latency', async (req, reply) => {
    const parsed = latencySchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send(bad(parsed.error));
    state.setLatency(parsed.data.ms);
    return { ok: true };
  });

  app.post('/_sim/rate-limit', async (req, reply) => {
    const parsed = rateSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send(bad(parsed.error));
    state.setRateLimit(parsed.data.service, parsed.data.limit, parsed.data.windowMs);
    return { ok: true };
  });

  app.post('/_sim/faults', async (req, reply) => {
    const parsed = faultSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send(bad(parsed.error));
    state.addFault(parsed.data);
    return { ok: true };
  });

  app.post('/_sim/release', async () => {
    state.release();
    return { ok: true };
  });

  app.get('/_sim/lineup', async (req, reply) => {
    const parsed = lineupSchema.safeParse(req.query);
    if (!parsed.success) return reply.code(400).send(bad(parsed.error));
    const view = state.lineup(parsed.data.league, parsed.data.franchise, parsed.data.week);
    if (!view) return reply.code(404).send({ error: 'No such league or franchise' });
    return view;
  });

  app.post('/_sim/reset', async () => {
    state.reset();
    return { ok: true };
  });
}
