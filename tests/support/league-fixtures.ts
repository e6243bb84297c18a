import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Test helper: the recorded real answers of the four services, kept in the repository under
 * tests/fixtures/recorded/<service>/ (each service's INDEX.md names every file's source, commit and
 * license). They are data exactly as recorded: never reformat or edit them.
 */

export type FixtureService = 'mfl' | 'sleeper' | 'flea' | 'espn';

export const fixturesRoot = fileURLToPath(new URL('../fixtures/recorded/', import.meta.url));

/** Every recorded answer of a service, as paths relative to its folder (INDEX.md left out). */
export function fixtureFiles(service: FixtureService): string[] {
  const base = join(fixturesRoot, service);
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
      d.isDirectory()
        ? walk(join(dir, d.name))
        : d.name === 'INDEX.md'
          ? []
          : [relative(base, join(dir, d.name))],
    );
  return walk(base).sort();
}

export function fixtureText(service: FixtureService, file: string): string {
  return readFileSync(join(fixturesRoot, service, file), 'utf8');
}

export function fixtureJson(service: FixtureService, file: string): unknown {
  return JSON.parse(fixtureText(service, file));
}
