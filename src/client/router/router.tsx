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
import { matchRoute, movedTo, type PageRoute } from '../../common/routes.ts';
import {
  addBlocker,
  type Blocked,
  currentLocation,
  type Location,
  listen,
  type NavigateOptions,
  navigate,
  savedScroll,
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
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const state = use(RouterContext);
  if (!state) throw new Error('Router hooks are used outside <Router>');
  return state;
}

export function Router({
  screenFor,
  layout: Layout,
}: {
  screenFor: (route: PageRoute) => ComponentType;
  layout: ComponentType;
}) {
  const [transition, setTransition] = useState<Transition>(() => ({
    location: currentLocation(),
    action: 'pop',
    preventScrollReset: false,
  }));
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    const stop = listen((t) => startTransition(() => setTransition(t)));
    // Catch up with a navigation made before this subscription (Back pressed while the page was
    // starting, or a child's effect on the first render, which runs before this one).
    const now = currentLocation();
    setTransition((t) =>
      t.location === now ? t : { location: now, action: 'replace', preventScrollReset: false },
    );
    return stop;
  }, []);
  useLayoutEffect(() => restoreScroll(transition), [transition]);

  const { location } = transition;
  const state = useMemo(() => {
    const match = matchRoute(location.pathname);
    return { location, params: match?.params ?? {}, page: match ? screenFor(match.route) : null, pending };
  }, [location, screenFor, pending]);

  // Moved addresses and unknown paths: the server answers them with redirects on a first load.
  if (!state.page) {
    const target = movedTo(location.pathname);
    return <Navigate to={target ? target + location.search : '/'} replace />;
  }
  return (
    <RouterContext value={state}>
      <Layout />
    </RouterContext>
  );
}

function restoreScroll({ location, action, preventScrollReset }: Transition) {
  if (action === 'pop') window.scrollTo(0, savedScroll(location.index) ?? 0);
  else if (location.hash)
    document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  else if (!preventScrollReset) window.scrollTo(0, 0);
}

/** Where the current screen is drawn; a screen that fails to load shows the error screen. */
export function Outlet({ errorScreen }: { errorScreen: ComponentType<{ error: unknown }> }) {
  const { page: Page, location } = useRouter();
  return (
    <PageErrorBoundary location={location} errorScreen={errorScreen}>
      {Page && <Page />}
    </PageErrorBoundary>
  );
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
    navigate(`${currentLocation().pathname}${q ? `?${q}` : ''}`, opts);
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
  useEffect(() => addBlocker({ when: (args) => whenRef.current(args), onBlocked: setHeld }), []);
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
