const DAY_MS = 24 * 60 * 60 * 1000;

/** "Last used today", "yesterday", "3 days ago", or the date past a month; "Not used yet" before any use. */
export function lastUsedText(lastUsedAt: string | null, now: number): string {
  if (!lastUsedAt) return 'Not used yet';
  const at = new Date(lastUsedAt);
  const days = Math.floor((startOfDay(now) - startOfDay(at.getTime())) / DAY_MS);
  if (days <= 0) return 'Last used today';
  if (days === 1) return 'Last used yesterday';
  if (days < 31) return `Last used ${days} days ago`;
  return `Last used on ${at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`;
}

const startOfDay = (ms: number) => {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};
