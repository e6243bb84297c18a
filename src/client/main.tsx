import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAGE_DATA_ID, type PageData } from '#common/page-render.ts';
import { ApiError, apiCallsInFlight, apiIdle } from './api/http.ts';
import { PublicData, PublicDataContext } from './api/public-data.ts';
import { SiteLayout } from './components/layout/site-layout.tsx';
import { Router } from './router/router.tsx';
import { loadScreen, screenFor } from './routes.tsx';
import './styles.css';

// zod compiles object parsers with new Function() unless told not to; the site's CSP (no
// 'unsafe-eval') refuses that, and Chromium reports each refusal. The browser only checks a few
// stored values, so the plain parser loses nothing. zod keeps its settings on globalThis, so they
// are set here, before any screen builds a schema, without bringing zod into the first load.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

const publicData = new PublicData();

/**
 * Resolves once no API call is on its way, and none has started over the next two frames: the page
 * has drawn its data, including data it asks for only after the first answer.
 */
async function dataSettled(): Promise<void> {
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  do {
    await apiIdle();
    await frames();
  } while (apiCallsInFlight() > 0);
}

/**
 * The answers of a page the server rendered, kept as if just received: the page hydrates with the
 * very answers it was rendered from, and asks for none of them again. False when the server left
 * the page to the browser.
 */
function seedFromPage(): boolean {
  const text = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return false;
  try {
    const data = JSON.parse(text) as PageData;
    for (const [path, answer] of data.answers) publicData.put(path, { data: answer });
    for (const [path, status, message] of data.refused ?? [])
      publicData.put(path, { error: new ApiError(status, message) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Marks the document once the app answers clicks (`<html data-interactive>`): a page the server
 * rendered shows its controls before that, and a click on them then is lost.
 */
function Interactive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <PublicDataContext value={publicData}>
      <Router screenFor={screenFor} loadScreen={loadScreen} whenSettled={dataSettled} layout={SiteLayout} />
      <Interactive />
    </PublicDataContext>
  </StrictMode>
);

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (a slow phone stays responsive while it draws). A page
// the server rendered with its data is hydrated; any other (tools, admin) is drawn here, replacing
// the layout and loading screen the server sent.
const render = () =>
  startTransition(() => {
    const root = document.getElementById('root')!;
    if (seedFromPage()) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });

// The page appears whole, with its screen, rather than as a frame that shifts when the screen
// arrives (the server has asked for the screen's code with the document). If the code cannot be
// fetched, the router shows its error screen.
loadScreen(window.location.pathname).then(render, render);
