import { z } from 'zod';

/*
 * The parts every API input schema builds on, so that what PostgreSQL cannot store is refused at the
 * schema with a 400 in words, on every route, instead of failing in the database with a 500.
 */

/** Said when a text holds a NUL character (the server names the field in front of it). */
export const NUL_MESSAGE = 'No text may contain a NUL character.';

/**
 * Text a visitor sends: no NUL character (U+0000), which PostgreSQL's text cannot hold and no form
 * can type. Chain the field's own rules after it (`text().trim().max(100)`).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((s) => !s.includes('\u0000'), NUL_MESSAGE);

/** The largest value of PostgreSQL's `integer`, which every id column is. */
export const INT32_MAX = 2_147_483_647;

/** A row id sent as a JSON number. */
export const rowId = () => z.number().int().positive().max(INT32_MAX);

/** A row id sent as text (an address or a query string): digits only, within PostgreSQL's integer. */
export const rowIdText = (message = 'Expected a numeric id.') =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(INT32_MAX, message));
