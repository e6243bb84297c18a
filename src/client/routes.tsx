import { type ComponentType, lazy } from 'react';
import { matchRoute, type PageRoute, type RouteName, screenExport } from '#common/routes.ts';

/** A screen's module: its screen under the name screenExport gives (`LoginPage`, …). */
type PageModule = Record<string, ComponentType>;

// Every screen loads lazily, so the first page only downloads what it shows.
const modules = import.meta.glob<PageModule>('./features/**/*-page.tsx');
const loaded = new Map<string, ComponentType>();
const screens = new Map<RouteName, ComponentType>();

async function load(module: string): Promise<ComponentType> {
  const screen = (await modules[`./${module}`]())[screenExport(module)];
  loaded.set(module, screen);
  return screen;
}

/**
 * The screen of a route (src/common/routes.ts says which file holds it): the component itself
 * when its code is already here, else a lazy one. The same component is given every time, so a
 * screen is never remounted by asking again.
 */
export function screenFor(route: PageRoute): ComponentType {
  let screen = screens.get(route.name);
  if (!screen) {
    screen = loaded.get(route.module) ?? lazy(async () => ({ default: await load(route.module) }));
    screens.set(route.name, screen);
  }
  return screen;
}

/**
 * Fetches the screen of a path, so the first render draws it instead of a loading state (links
 * also call it on hover and focus).
 */
export async function loadScreen(pathname: string): Promise<void> {
  const match = matchRoute(pathname);
  if (match && !loaded.has(match.route.module)) await load(match.route.module);
}
