import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ModalProps } from './modal-dialog.tsx';

export type { ModalProps } from './modal-dialog.tsx';

/**
 * The dialog's code (Radix Dialog, its focus trap and scroll lock: about 14 KB gzipped) is not part
 * of a page's first load: it is fetched once the page is idle, or when a modal first opens.
 */
export const loadModalDialog = () => import('./modal-dialog.tsx');
const ModalDialog = lazy(async () => ({ default: (await loadModalDialog()).ModalDialog }));

/**
 * The site's modal: a labelled dialog that traps focus and gives it back on close. Escape, the close
 * button and a click on the background close it, unless preventClose is set. Nothing is drawn
 * before it first opens.
 */
export function Modal(props: ModalProps) {
  // The element that opened the modal gets focus back when it closes (it need not be a Radix trigger).
  // It is read while rendering the opening, before an autoFocus field inside takes focus.
  const returnTo = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  const opened = useRef(false);
  if (props.open && !wasOpen.current && typeof document !== 'undefined') {
    returnTo.current = document.activeElement as HTMLElement | null;
  }
  wasOpen.current = props.open;
  opened.current ||= props.open;
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 1000));
    idle(() => void loadModalDialog().catch(() => undefined));
  }, []);
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} returnTo={returnTo} />
    </Suspense>
  );
}
