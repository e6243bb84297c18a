import { useEffect } from 'react';
import { documentTitle } from '#common/site.ts';

/**
 * Sets the document title for client-side navigation (the server sets it on first load): `null` is
 * the home page's, `undefined` leaves it while the page's own is loading.
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title !== undefined) document.title = documentTitle(title);
  }, [title]);
}
