import { useCallback, useRef, useState } from 'react';

/** A write the visitor starts, and where it stands: on its way, failed (with why) or done (with its answer). */
export type Action<I, O> = {
  mutate: (input: I) => void;
  /** Back to where it stood before the first write (a form edited after a failure). */
  reset: () => void;
  isPending: boolean;
  data: O | undefined;
} & ({ isError: true; error: Error } | { isError: false; error: null });

/**
 * A write a league tool's frame offers (log out, stop sharing): what TanStack Query's mutation gives,
 * without it, so a page that only reads does not load TanStack Query for its account buttons.
 * `onSuccess` runs with the answer once the write has succeeded.
 */
export function useAction<I, O>(run: (input: I) => Promise<O>, onSuccess?: (data: O) => void): Action<I, O> {
  const [state, setState] = useState<{ pending: boolean; error: Error | null; data?: O }>({
    pending: false,
    error: null,
  });
  const latest = useRef({ run, onSuccess });
  latest.current = { run, onSuccess };
  const mutate = useCallback((input: I) => {
    setState((s) => ({ ...s, pending: true, error: null }));
    latest.current.run(input).then(
      (data) => {
        setState({ pending: false, error: null, data });
        latest.current.onSuccess?.(data);
      },
      (error: unknown) =>
        setState({ pending: false, error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }, []);
  const reset = useCallback(() => setState({ pending: false, error: null }), []);
  const { pending, error, data } = state;
  const base = { mutate, reset, isPending: pending, data };
  return error ? { ...base, isError: true, error } : { ...base, isError: false, error: null };
}
