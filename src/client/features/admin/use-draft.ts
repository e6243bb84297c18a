import { useState } from 'react';

/**
 * A form's working copy of what was loaded: edit it field by field, see whether it differs from
 * what was loaded, and reset it back. New data from the server replaces the copy.
 */
export function useDraft<T extends object>(loaded: T) {
  const [draft, setDraft] = useState(loaded);
  const [base, setBase] = useState(loaded);
  if (base !== loaded) {
    setBase(loaded);
    setDraft(loaded);
  }
  return {
    draft,
    set: <K extends keyof T>(key: K, value: T[K]) => setDraft((d) => ({ ...d, [key]: value })),
    dirty: JSON.stringify(draft) !== JSON.stringify(loaded),
    reset: () => setDraft(loaded),
  };
}
