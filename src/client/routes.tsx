import { type ComponentType, lazy } from 'react';
import { pageRoutes, type RouteName } from '../common/routes.ts';

type PageModule = { Component: ComponentType };

// Every screen loads lazily, so the first page only downloads what it shows.
const modules = import.meta.glob<PageModule>('./features/**/*-page.tsx');

/** The screen of each named route (src/common/routes.ts says which file holds it). */
export const pages = {} as Record<RouteName, ComponentType>;
for (const route of pageRoutes) {
  const load = modules[`./${route.module}`];
  pages[route.name] = lazy(async () => ({ default: (await load()).Component }));
}
