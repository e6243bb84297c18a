import { useEffect, useRef } from 'react';
import { useBlocker } from '../router/router.tsx';
import { Modal } from './modal.tsx';

/**
 * Asks before leaving a form with unsaved changes: a dialog for links inside the site, the
 * browser's own prompt for closing or reloading the tab. Call allowLeaving() right before a
 * navigation that should pass (after a save).
 */
export function useLeaveGuard(
  dirty: boolean,
  words: { title: string; body: string } = {
    title: 'Leave without saving?',
    body: 'You have changes that are not saved. They will be lost if you leave.',
  },
) {
  const allowed = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !allowed.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const prompt = (
    <Modal
      open={blocker.state === 'blocked'}
      onClose={() => blocker.reset()}
      title={words.title}
      size="sm"
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={() => blocker.reset()}>
            Stay on this page
          </button>
          <button type="button" className="btn-primary" onClick={() => blocker.proceed()}>
            Leave
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">{words.body}</p>
    </Modal>
  );

  return {
    prompt,
    allowLeaving: () => {
      allowed.current = true;
    },
  };
}
