import { useId, useState } from 'react';
import { profileFiltersQuery } from '#client/api/content.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Modal } from '#client/components/modal.tsx';
import { usePublicData } from '#client/lib/public-data.ts';

export interface ProspectFilter {
  position: string;
  year: string;
}

/**
 * The Filter Prospects modal: a position and a class, each with an empty first choice that leaves it
 * out of the filter. Loaded only when first opened.
 */
export default function ProfileFilterModal({
  open,
  initial,
  onApply,
  onClose,
}: {
  open: boolean;
  initial: ProspectFilter;
  onApply: (filter: ProspectFilter) => void;
  onClose: () => void;
}) {
  const [filter, setFilter] = useState(initial);
  const options = usePublicData(profileFiltersQuery());
  const id = useId();
  return (
    <Modal open={open} onClose={onClose} title="Filter Prospects" size="sm">
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(filter);
        }}
      >
        {options.isError && <ErrorAlert title="Error getting profiles" error={options.error} />}
        <div>
          <label className="label" htmlFor={`${id}-position`}>
            Position
          </label>
          <select
            id={`${id}-position`}
            className="input"
            value={filter.position}
            onChange={(e) => setFilter((f) => ({ ...f, position: e.target.value }))}
          >
            <option value="">Select Position</option>
            {options.data?.positions.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor={`${id}-year`}>
            Class (Year)
          </label>
          <select
            id={`${id}-year`}
            className="input"
            value={filter.year}
            onChange={(e) => setFilter((f) => ({ ...f, year: e.target.value }))}
          >
            <option value="">Select Year</option>
            {options.data?.years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" className="btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary">
            Filter
          </button>
        </div>
      </form>
    </Modal>
  );
}
