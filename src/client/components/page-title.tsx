import { useEffect } from 'react';

/** Sets the document title for client-side navigation (the server sets it on first load). */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Dynasty Forge`;
  }, [title]);
}
