import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The first super user the e2e server is started with (see src/server/demo.ts). */
export const ADMIN = { email: 'admin@dynasty.test', password: 'admin-pass-1234' };
export const SIM_URL = `http://127.0.0.1:${process.env.E2E_SIM_PORT ?? 4100}`;

/** Fails the test on any console error or uncaught page error. */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource|net::ERR|platform\.twitter\.com/.test(msg.text()))
      errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return () => expect(errors, 'console errors').toEqual([]);
}

/** A unique suffix for rows a test creates, so specs never collide on the shared database. */
export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * Runs axe on the page (or the part matched by `include`) and fails on any violation, naming the
 * rule and the elements. Providers' video players are their pages, not ours, and are left out.
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  let builder = new AxeBuilder({ page }).exclude('.video-embed');
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  expect(
    violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target).join(', ')}`),
    `axe on ${label}`,
  ).toEqual([]);
}
