/*
 * A message for the next page load: an action that ends in a full page load (deleting one's
 * account logs out, and a fresh load leaves nothing cached for the account) leaves it here, and the
 * layout shows it once after the new page has started.
 */

const KEY = 'dynasty:after-load';

export function showAfterLoad(message: string): void {
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage refused (private mode, full): the page loads without the message.
  }
}

/** The waiting message, taken (so it shows once), or null. */
export function takeAfterLoad(): string | null {
  try {
    const message = sessionStorage.getItem(KEY);
    if (message !== null) sessionStorage.removeItem(KEY);
    return message;
  } catch {
    return null;
  }
}
