import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Modal } from '#client/components/modal.tsx';

/**
 * A Delete button that asks first. The dialog names the item, so nobody deletes the wrong one;
 * it stays open (and cannot be dismissed) while the delete runs, and shows a refusal in place.
 */
export function ConfirmDelete({
  noun,
  name,
  children,
  deleting,
  error,
  onConfirm,
  onOpen,
}: {
  noun: string;
  name: string;
  /** What else happens, shown under the question. */
  children?: ReactNode;
  deleting: boolean;
  error: unknown;
  onConfirm: () => void;
  onOpen?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-danger-ghost"
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        Delete
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        preventClose={deleting}
        size="sm"
        title={`Delete ${noun}`}
        footer={
          <>
            <button type="button" className="btn-ghost" disabled={deleting} onClick={() => setOpen(false)}>
              Keep it
            </button>
            <button type="button" className="btn-danger" disabled={deleting} onClick={onConfirm}>
              {deleting ? 'Deleting…' : `Delete ${noun}`}
            </button>
          </>
        }
      >
        <div className="flex flex-col gap-3 text-sm text-slate-800">
          <p>
            Delete the {noun} <strong className="font-semibold">“{name}”</strong>? This cannot be undone.
          </p>
          {children}
          {Boolean(error) && <ErrorAlert title={`Error deleting ${noun}`} error={error} />}
        </div>
      </Modal>
    </>
  );
}
