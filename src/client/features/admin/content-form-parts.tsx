import { useContributors } from '#client/api/users.ts';
import { ErrorAlert } from '#client/components/error-alert.tsx';
import { Link } from '#client/router/links.tsx';
import { formatDate } from '#common/content-format.ts';
import type { User } from '#common/users.ts';
import { useDeleteContent } from './api/admin-content.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { CheckboxField, FormActions, SelectField, TextField } from './form-fields.tsx';

/* Pieces the article, profile and ranking forms share. */

/**
 * The author select, filled from the contributors. Super users choose anyone; a contributor
 * writes as themselves, so for them it only shows the author.
 */
export function ContributorSelect({
  me,
  value,
  currentName,
  onChange,
}: {
  me: User;
  value: number | null;
  /** The loaded item's author, shown even if they are no longer a contributor. */
  currentName: string | undefined;
  onChange: (id: number | null) => void;
}) {
  const contributors = useContributors();
  if (contributors.error) return <ErrorAlert title="Error getting users" error={contributors.error} />;
  const options = (contributors.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (value !== null && !options.some((o) => o.value === String(value)))
    options.unshift({
      value: String(value),
      label: currentName ?? (value === me.id ? me.name : `#${value}`),
    });
  if (me.isSuperUser) options.unshift({ value: '', label: 'No contributor' });
  return (
    <SelectField
      id="contributor"
      label="Contributor"
      value={value === null ? '' : String(value)}
      onChange={(v) => onChange(v === '' ? null : Number(v))}
      options={options}
      disabled={!me.isSuperUser}
      hint={me.isSuperUser ? undefined : 'You write as yourself; a super user can change the author.'}
    />
  );
}

/** The author and the date (set by the server when first saved), side by side. */
export function AuthorshipFields({
  me,
  value,
  saved,
  onChange,
}: {
  me: User;
  value: number | null;
  /** The loaded item, if any: its author's name and its date. */
  saved: { contributor?: { name: string } | null; date: string } | undefined;
  onChange: (id: number | null) => void;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <ContributorSelect me={me} value={value} currentName={saved?.contributor?.name} onChange={onChange} />
      <TextField
        id="date"
        label="Date"
        value={saved ? formatDate(saved.date) : ''}
        placeholder="Set when first saved"
        readOnly
      />
    </div>
  );
}

/** Whether the item is on the public site: a super user's choice, so no one else sees the box. */
export function VisibilityField({
  me,
  checked,
  onChange,
  hint = 'Shown on the public site.',
}: {
  me: User;
  checked: boolean;
  onChange: (visible: boolean) => void;
  hint?: string;
}) {
  if (!me.isSuperUser) return null;
  return (
    <CheckboxField id="isVisible" label="Is Visible" hint={hint} checked={checked} onChange={onChange} />
  );
}

/** Shown instead of a form when the id in the address matches nothing. */
export function NotFoundNotice({
  noun,
  newHref,
  listHref,
}: {
  noun: string;
  newHref: string;
  listHref: string;
}) {
  return (
    <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <h2 className="section-title">No such {noun}</h2>
      <p className="text-slate-700">
        There is no {noun} at this address. It may have been removed, or the link is wrong.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={newHref} className="btn-accent">
          Create a new {noun}
        </Link>
        <Link to={listHref} className="btn-ghost">
          All {noun}s
        </Link>
      </div>
    </div>
  );
}

/** Contributors save but do not publish: said before they write, and again when they save. */
export function PublishNote({ visible }: { visible: boolean }) {
  return (
    <p className="rounded-md border border-field-100 bg-field-50 px-3 py-2 text-sm text-field-950">
      A super user publishes what you save.{' '}
      {visible
        ? 'This one is on the site: your changes show there once saved.'
        : 'Until then it shows only here.'}
    </p>
  );
}

/** Contributors may open others' items but not save them: say so before they type. */
export function NotYoursNotice({ noun, owner }: { noun: string; owner: string | undefined }) {
  return (
    <p className="rounded-md border border-gold-500 bg-gold-100 px-3 py-2 text-sm text-field-950">
      This {noun} belongs to {owner ?? 'another contributor'}. Contributors can only edit their own {noun}s.
    </p>
  );
}

/**
 * Save, Undo changes and Cancel of an article or profile form, and Delete (with a confirmation naming the
 * item) when an item the user may delete is open.
 */
export function ContentFormActions({
  kind,
  deletable,
  saving,
  dirty,
  canSave,
  onReset,
  onDeleted,
  view,
}: {
  kind: 'articles' | 'profiles' | 'rankings';
  /** The saved item's public address, and whether readers see it (else it opens as a draft preview). */
  view?: { href: string; visible: boolean };
  /** The open item, when the user may delete it. */
  deletable?: { id: number; name: string };
  saving: boolean;
  dirty: boolean;
  canSave: boolean;
  onReset: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteContent(kind);
  return (
    <FormActions
      saving={saving}
      dirty={dirty}
      canSave={canSave}
      onReset={onReset}
      danger={
        deletable && (
          <ConfirmDelete
            noun={kind.replace(/s$/, '')}
            name={deletable.name}
            deleting={remove.isPending}
            error={remove.error}
            onOpen={remove.reset}
            onConfirm={() => remove.mutate(deletable.id, { onSuccess: onDeleted })}
          >
            <p>It goes from the site, search and the sitemap at once.</p>
          </ConfirmDelete>
        )
      }
      cancel={
        <>
          {view && (
            <Link to={view.href} className="btn-ghost">
              {view.visible ? 'View' : 'Preview'}
            </Link>
          )}
          <Link to={`/admin/${kind}`} className="btn-ghost">
            Cancel
          </Link>
        </>
      }
    />
  );
}
