import { useState } from 'react';
import { profileFiltersQuery } from '#client/api/content.ts';
import { usePublicData } from '#client/api/public-data.ts';
import {
  type ProspectFilter,
  ProspectFilterFields,
} from '#client/components/content/prospect-filter-fields.tsx';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { loadModalDialog, Modal } from '#client/components/modal.tsx';

// This module is fetched when the Filter button is pointed at or focused: the dialog's code with it,
// so the first click does not wait for a second fetch.
void loadModalDialog();

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
        <ProspectFilterFields
          value={filter}
          onChange={setFilter}
          positions={options.data?.positions ?? []}
          years={(options.data?.years ?? []).map(String)}
          anyLabel={{ position: 'Select Position', year: 'Select Year' }}
        />
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
