import { useMemo, useState } from 'react';
import { useSearchParams } from '#client/router/router.tsx';
import { type AdpService, adpFilterProblems } from '#common/rookie-adp.ts';
import type { AdpDraft, StartupKind } from '#common/startup-adp.ts';
import {
  type AdpFilterState,
  type AdpViewState,
  draftFromParams,
  filterFromParams,
  hasDateParams,
  hasFilterParams,
  hiddenFromParams,
  kindFromParams,
  minShareFromParams,
  serviceFromParams,
  toParams,
} from './url-state.ts';

export type AdpView = 'table' | 'chart';

/** The URL's part that is the filter: the filter shown changes only when it does. */
const FILTER_KEYS = ['ppr', 'idp', 'sizes', 'types', 'from', 'to'];

/**
 * The Rookie ADP page's state, all read from the URL (see url-state.ts), and the ways to change it.
 * The filter form is the one exception: it is the URL's filter until the visitor edits it, and the
 * edits hold until the URL's filter changes (Get ADP, a shared link, Back), which shows that one.
 */
export function useAdpUrl() {
  const [params, setParams] = useSearchParams();
  const service = serviceFromParams(params);
  const minShare = minShareFromParams(params);
  const draft = draftFromParams(params);
  const kind = kindFromParams(params);
  const view: AdpView = params.get('view') === 'chart' ? 'chart' : 'table';
  const shown: AdpViewState = { service, minShare, draft, kind };
  const filterKey = FILTER_KEYS.map((k) => params.get(k)).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed only when the filter part of the URL changes
  const applied = useMemo(() => filterFromParams(params), [filterKey]);
  const hidden = useMemo(() => hiddenFromParams(params), [params]);

  // The visitor's edits, for the filter they were made on.
  const [edited, setEdited] = useState<{ of: AdpFilterState; form: AdpFilterState }>();
  const form = edited?.of === applied ? edited.form : applied;
  const setForm = (next: AdpFilterState) => setEdited({ of: applied, form: next });
  const [problems, setProblems] = useState<string[]>(() =>
    hasFilterParams(params) ? adpFilterProblems(applied) : [],
  );

  /** The URL for a filter, hidden positions and view state, keeping the chart when it is shown. */
  const paramsFor = (f: AdpFilterState, hide: ReadonlySet<string>, next: AdpViewState) => {
    const p = toParams(f, hide, next);
    if (view === 'chart') p.set('view', 'chart');
    return p;
  };
  const go = (next: URLSearchParams) => setParams(next, { preventScrollReset: true });
  // The service, the minimum share, the drafts and a startup's kind apply at once, to the filter last asked for.
  const showView = (next: Partial<AdpViewState>) => go(paramsFor(applied, hidden, { ...shown, ...next }));

  return {
    service,
    minShare,
    draft,
    kind,
    shown,
    view,
    applied,
    hidden,
    /** The filter's dates are today's default window, not the address's. */
    defaultDates: !hasDateParams(params),
    form,
    setForm,
    problems,
    /**
     * Get ADP: the form's filter into the URL. Answers whether the URL has it already (the answer
     * is then to be asked for again) or the form has problems.
     */
    submit(): 'moved' | 'unchanged' | 'invalid' {
      const found = adpFilterProblems(form);
      setProblems(found);
      if (found.length > 0) return 'invalid';
      const next = paramsFor(form, hidden, shown);
      if (next.toString() === params.toString()) return 'unchanged';
      go(next);
      return 'moved';
    },
    setHidden(position: string, on: boolean) {
      const next = new Set(hidden);
      if (on) next.delete(position);
      else next.add(position);
      setParams(paramsFor(applied, next, shown), { replace: true, preventScrollReset: true });
    },
    setService: (next: AdpService) => showView({ service: next }),
    setDraft: (next: AdpDraft) => showView({ draft: next }),
    setKind: (next: StartupKind) => showView({ kind: next }),
    setMinShare: (next: number) => showView({ minShare: next }),
    /** The latest season's window, asked for at once (the form follows the URL). */
    showWindow(window: { startDate: string; endDate: string }) {
      setProblems([]);
      go(paramsFor({ ...applied, ...window }, hidden, shown));
    },
    setView(next: AdpView) {
      const p = new URLSearchParams(params);
      if (next === 'chart') p.set('view', 'chart');
      else p.delete('view');
      setParams(p, { replace: true, preventScrollReset: true });
    },
  };
}
