import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * Test helper: the recorded real answers of the three services live beside the project, in
 * ../shared/league-fixtures (relative to the project root). They are read in place, never copied.
 */

export type FixtureService = 'mfl' | 'sleeper' | 'flea';

export const fixturesRoot = fileURLToPath(new URL('../../../shared/league-fixtures/', import.meta.url));

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
