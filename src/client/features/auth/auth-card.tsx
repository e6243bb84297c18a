import type { ReactNode } from 'react';
import { Logo } from '#client/components/logo.tsx';

/** The narrow centred card the log-in and sign-up forms sit in. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="card overflow-hidden">
        <div className="flex items-center gap-3 bg-field-900 px-6 py-5">
          <Logo size={40} withText={false} />
          <h1 className="font-display text-2xl font-bold uppercase tracking-wide text-white">{title}</h1>
        </div>
        <div className="px-6 py-6">{children}</div>
        <div className="border-t border-slate-200 bg-field-50 px-6 py-4 text-center text-sm text-slate-700">
          {footer}
        </div>
      </div>
    </div>
  );
}
