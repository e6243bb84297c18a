/*
 * My week's checks of what it reads (api/reading.ts: zod and the shared schemas, about 25 KB
 * gzipped) load with the page's first request, not with the page: asked for once, shared by every
 * request.
 */
let reading: Promise<typeof import('./reading.ts')> | undefined;

export const loadReading = () => {
  reading ??= import('./reading.ts');
  return reading;
};
