import { ADP_SERVICE_NAMES, ADP_SERVICES, type AdpService } from '#common/rookie-adp.ts';
import { Choice } from './choice.tsx';

const SERVICE_OPTIONS = ADP_SERVICES.map((s) => ({ value: s, label: ADP_SERVICE_NAMES[s] }));

/** Whose drafts the page shows: MFL or Sleeper, as two large radio buttons. */
export function ServiceChoice({
  value,
  onChange,
  disabled,
}: {
  value: AdpService;
  onChange: (service: AdpService) => void;
  disabled?: boolean;
}) {
  return (
    <Choice
      legend="Drafts on"
      options={SERVICE_OPTIONS}
      value={value}
      onChange={onChange}
      disabled={disabled}
    />
  );
}
