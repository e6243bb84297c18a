import type { StreamReading } from '#client/api/http.ts';
import { type MyWeekLeagueLine, myWeekAnswerSchema, myWeekLeagueLineSchema } from '#common/my-week.ts';

/*
 * What My week reads, checked against the shared schemas: each streamed league line, and a whole
 * JSON answer. zod and the schemas come with this module, which loads with the page's first request
 * (loadReading), not with the page.
 */
export const myWeekReading: StreamReading<MyWeekLeagueLine> = {
  line: (value) => myWeekLeagueLineSchema.parse(value),
  whole: (value) => myWeekAnswerSchema.parse(value).leagues,
};
