import {
  Component,
  type ComponentType,
  createContext,
  type ReactNode,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
import { matchRoute, movedTo, type PageRoute } from '#common/routes.ts';
import { afterNavigation, type Shown, scrollNow } from './after-navigation.ts';
import {
  type Blocked,
  browserHistory,
  type History,
  type Location,
  type NavigateOptions,
  type Transition,
} from './history.ts';

/*
 * The site's router: history routing over the shared route table (src/common/routes.ts), each
 * screen a lazy component. A navigation is a React transition, so the page being left stays on
 * screen, with `pending` set, until the next screen's code has arrived.
 */

interface RouterState {
  location: Location;
  params: Record<string, string>;
  page: ComponentType | null;
  pending: boolean;
  /** Called once the page is drawn (its code has arrived, so it is not the loading state). */
  onPageShown: () => void;
}

const RouterContext = createContext<RouterState | null>(null);
/** Fetches the code of the screen at a path (links call it on hover and focus). */
export const PrefetchContext = createContext<(pathname: string) => void>(() => {});

function useRouter(): RouterState {
  const state = use(RouterContext);
  if (!state) throw new Error('Router hooks are used outside <Router>');
  return state;
}

export function Router({
  screenFor,
  loadScreen,
  whenSettled,
  layout: Layout,
  history: given,
}: {
  screenFor: (route: PageRoute) => ComponentType;
  /** Fetches the code of the screen at a path. */
  loadScreen?: (pathname: string) => Promise<void>;
  /** Resolves once the page's data is there; scroll restoring and the title's announcement wait for it. */
  whenSettled?: () => Promise<void>;
  layout: ComponentType;
  /** The browser's history unless told otherwise (the server renders one address: staticHistory). */
  history?: History;
}) {
  const history = given ?? browserHistory();
  const [shown, setShown] = useState<Shown>(() => ({
    location: history.location,
    action: 'load',
    preventScrollReset: false,
    previousPathname: undefined,
  }));
  const [pending, startTransition] = useTransition();
  const announcer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const show = (t: Transition) =>
      startTransition(() => setShown((s) => ({ ...t, previousPathname: s.location.pathname })));
    const stop = history.listen((t) => {
      if (t.action !== 'pop' || !loadScreen) return show(t);
      // React draws an update made during popstate at once, as a loading state if the screen's code
      // is not here yet (after a reload, say); so Back and Forward wait for that code first, and
      // draw nothing if the reader has gone on meanwhile.
      void loadScreen(t.location.pathname)
        .catch(() => {})
        .then(() => {
          if (history.location === t.location) show(t);
        });
    });
    // Catch up with a navigation made before this subscription (Back pressed while the page was
    // starting, or a child's effect on the first render, which runs before this one), as it was.
    const missed = history.transition;
    if (missed)
      startTransition(() =>
        setShown((s) =>
          s.location === missed.location ? s : { ...missed, previousPathname: s.location.pathname },
        ),
      );
    return stop;
  }, [history, loadScreen]);
  const { location } = shown;
  // Resolved once the page at `location` is drawn rather than the loading state (Back during a
  // reload can land on a screen whose code is still coming).
  const drawn = useMemo(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { location, promise, resolve };
  }, [location]);
  // Before the new page is painted, then again once it is drawn and its data is there.
  useLayoutEffect(() => scrollNow(history, shown), [history, shown]);
  useEffect(
    () =>
      afterNavigation(history, shown, {
        whenSettled: () => drawn.promise.then(whenSettled),
        announcer: announcer.current,
      }),
    [history, shown, whenSettled, drawn],
  );

  const prefetch = useMemo(
    () => (pathname: string) => void loadScreen?.(pathname).catch(() => {}),
    [loadScreen],
  );
  const state = useMemo(() => {
    const match = matchRoute(location.pathname);
    const page = match ? screenFor(match.route) : null;
    return { location, params: match?.params ?? {}, page, pending, onPageShown: drawn.resolve };
  }, [location, screenFor, pending, drawn]);

  // Moved addresses and unknown paths: the server answers them with redirects on a first load.
  if (!state.page) {
    const target = movedTo(location.pathname);
    return <Navigate to={target ? target + location.search : '/'} replace />;
  }
  return (
    <PrefetchContext value={prefetch}>
      <RouterContext value={state}>
        <Layout />
      </RouterContext>
      {/* The new page's title is read out here after a navigation. */}
      <div
        ref={announcer}
        className="sr-only"
        aria-live="polite"
        aria-atomic="true"
        data-testid="route-announcer"
      />
    </PrefetchContext>
  );
}

/** Where the current screen is drawn; a screen that fails to load shows the error screen. */
export function Outlet({ errorScreen }: { errorScreen: ComponentType<{ error: unknown }> }) {
  const { page: Page, location, onPageShown } = useRouter();
  return (
    <>
      <PageErrorBoundary location={location} errorScreen={errorScreen}>
        {Page && <Page />}
      </PageErrorBoundary>
      <PageShown onShown={onPageShown} />
    </>
  );
}

/**
 * Drawn with the page, or the error screen (and held back with it while its code loads); its effect
 * runs after the page's.
 */
function PageShown({ onShown }: { onShown: () => void }) {
  useEffect(onShown, [onShown]);
  return null;
}

class PageErrorBoundary extends Component<
  { location: Location; errorScreen: ComponentType<{ error: unknown }>; children: ReactNode },
  { error: unknown; location: Location }
> {
  override state = { error: null as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Going somewhere else clears the error.
  static getDerivedStateFromProps(props: { location: Location }, state: { location: Location }) {
    return props.location === state.location ? null : { error: null, location: props.location };
  }

  override render() {
    const ErrorScreen = this.props.errorScreen;
    return this.state.error ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}

export const useLocation = (): Location => useRouter().location;

/** The current route's parameters, decoded (e.g. { shortname } on /article/:shortname). */
export const useParams = <
  T extends Record<string, string | undefined> = Record<string, string | undefined>,
>() => useRouter().params as T;

/** True while the next screen's code is on its way. */
export const useNavigationPending = (): boolean => useRouter().pending;

/** Goes to a path of this site (absolute, or relative to the current address). */
export const navigate = (to: string, opts?: NavigateOptions) => browserHistory().navigate(to, opts);

export const useNavigate = () => navigate;

/** The address's query as URLSearchParams, and a setter that navigates to the same path with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams, opts?: NavigateOptions) => void,
] {
  const { search } = useRouter().location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: URLSearchParams, opts?: NavigateOptions) => {
    const q = next.toString();
    navigate(`${browserHistory().location.pathname}${q ? `?${q}` : ''}`, opts);
  };
  return [params, setParams];
}

export interface BlockerState {
  state: 'blocked' | 'unblocked';
  /** Lets the held navigation through. */
  proceed(): void;
  /** Cancels it: the user stays. */
  reset(): void;
}

/**
 * Holds navigations away from this screen while `when` says so (Back and Forward too); the caller
 * then asks the user and calls proceed() or reset().
 */
export function useBlocker(
  when: (args: { currentLocation: Location; nextLocation: Location }) => boolean,
): BlockerState {
  const [held, setHeld] = useState<Blocked | null>(null);
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(() => browserHistory().block({ when: (args) => whenRef.current(args), onBlocked: setHeld }), []);
  return {
    state: held ? 'blocked' : 'unblocked',
    proceed: () => {
      setHeld(null);
      held?.proceed();
    },
    reset: () => setHeld(null),
  };
}

/** Navigates as soon as it is drawn (for screens that send the visitor elsewhere). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  useEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
