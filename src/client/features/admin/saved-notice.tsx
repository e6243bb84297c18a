import { useLocation } from '#client/router/router.tsx';

/*
 * "Saved" after an admin form's save: the form goes back to its list, and the list says what was
 * saved and when, and for an item not on the site yet, who publishes it. The notice belongs to the
 * history entry the form went to, so Back, Forward or another visit to the list do not show it again.
 */

export interface Saved {
  /** The item's title or name. */
  name: string;
  at: Date;
  /** For articles and profiles: whether it is on the public site now. */
  visible?: boolean;
  /** The saver may not publish: a super user does. */
  contributor?: boolean;
}

let last: { path: string; key?: string; saved: Saved } | undefined;

/** Called as a form saves, before it goes to `path`, where the notice is then shown once. */
export function noteSaved(path: string, saved: Saved) {
  last = { path, saved };
}

function useSaved(): Saved | undefined {
  const location = useLocation();
  if (!last || last.path !== location.pathname) return undefined;
  // The first entry shown at that path is the one the form went to.
  last.key ??= location.key;
  return last.key === location.key ? last.saved : undefined;
}

const clock = (at: Date) => at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Says the last save (shown by the admin frame above the page's content). */
export function SavedNotice() {
  const saved = useSaved();
  if (!saved) return null;
  return (
    <p role="status" className="alert-success" data-testid="saved-notice">
      Saved “{saved.name}” at <time dateTime={saved.at.toISOString()}>{clock(saved.at)}</time>.{' '}
      {saved.visible === undefined
        ? ''
        : saved.visible
          ? 'It is on the site.'
          : saved.contributor
            ? 'A super user publishes it: until then it shows only here.'
            : 'It is hidden from the site until you tick Is Visible.'}
    </p>
  );
}
