import type { AdpService, AdpSource } from '#common/rookie-adp.ts';
import { ADP_SERVICE_NAMES } from '#common/rookie-adp.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long ago `thenMs` was, in words: "3 hours ago", "yesterday", "a moment ago". */
export function ageInWords(thenMs: number, nowMs: number = Date.now()): string {
  const elapsed = Math.max(0, nowMs - thenMs);
  const words = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of UNITS) if (elapsed >= ms) return words.format(-Math.floor(elapsed / ms), unit);
  return 'a moment ago';
}

/** The words shown when an earlier answer stands in for one the service did not give in time. */
export const staleWords = (service: AdpService, staleSince: number, nowMs: number = Date.now()) =>
  `${ADP_SERVICE_NAMES[service]} did not answer; showing its answer from ${ageInWords(staleSince, nowMs)}.`;

/**
 * What the visitor should know about where an answer's numbers come from, above the results: the
 * switch to the site's own drafts when MFL's aggregate cannot answer the filter, the dates MFL's
 * aggregate answered when they are not the ones chosen, and the age of an
 * earlier answer shown because MFL did not answer. Nothing when neither applies.
 */
export function SourceNotice({
  source,
  service,
  nowMs,
}: {
  source: AdpSource;
  service: AdpService;
  nowMs?: number;
}) {
  if (!source.switchReason && !source.coverage && source.staleSince === undefined) return null;
  return (
    <div className="space-y-2">
      {source.switchReason && (
        <div
          role="status"
          data-testid="adp-source-switch"
          className="flex items-start gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          <InfoIcon />
          <p>{source.switchReason}</p>
        </div>
      )}
      {source.coverage && (
        <div
          role="status"
          data-testid="adp-coverage"
          className="flex items-start gap-3 rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
        >
          <InfoIcon />
          <p>{source.coverage}</p>
        </div>
      )}
      {source.staleSince !== undefined && (
        <div
          role="status"
          data-testid="adp-stale"
          className="flex items-start gap-3 rounded-lg border border-gold-600/50 bg-gold-100 px-4 py-3 text-sm text-field-950"
        >
          <ClockIcon />
          <p title={`Answered ${new Date(source.staleSince).toLocaleString()}`}>
            {staleWords(service, source.staleSince, nowMs)}
          </p>
        </div>
      )}
    </div>
  );
}

function InfoIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 18 18"
      aria-hidden="true"
      className="mt-px shrink-0 text-sky-700"
    >
      <circle cx="9" cy="9" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M9 8v5M9 5.2v.1" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 18 18"
      aria-hidden="true"
      className="mt-px shrink-0 text-gold-800"
    >
      <circle cx="9" cy="9" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M9 4.5V9l3 2" stroke="currentColor" strokeWidth="1.5" fill="none" strokeLinecap="round" />
    </svg>
  );
}
