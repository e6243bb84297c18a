import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';

/** The site's modal, as Modal (modal.tsx) takes it. */
export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** When set, Escape, the background and the close button do not close the modal. */
  preventClose?: boolean;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

/** The modal's dialog (Radix Dialog), loaded by Modal when it first opens. */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  preventClose = false,
  footer,
  size = 'md',
  returnTo,
}: ModalProps & { returnTo: RefObject<HTMLElement | null> }) {
  const guard = (e: Event) => {
    if (preventClose) e.preventDefault();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && !preventClose) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay
          className="fixed inset-0 z-40 bg-field-950/60 backdrop-blur-[1px]"
          data-testid="modal-backdrop"
        />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnTo.current?.focus();
          }}
          onEscapeKeyDown={guard}
          onPointerDownOutside={guard}
          onInteractOutside={guard}
          aria-describedby={undefined}
          className={`fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] ${widths[size]} -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl focus:outline-none`}
        >
          <div className="flex items-center justify-between gap-4 border-b border-slate-200 px-5 py-3">
            <Dialog.Title className="font-display text-lg font-bold uppercase tracking-wide text-field-900">
              {title}
            </Dialog.Title>
            <Dialog.Close
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
              aria-label="Close"
              disabled={preventClose}
            >
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
          {footer && (
            <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
