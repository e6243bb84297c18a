import { useState } from 'react';
import { useContributors } from '#client/api/users.ts';
import { FORMER_CONTRIBUTOR, type User } from '#common/users.ts';
import { useDeleteUser } from './api/admin-users.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { SelectField } from './form-fields.tsx';

/**
 * A super user's Delete for another account. The account's articles and profiles go to the
 * contributor chosen here, or stay on the site credited to a former contributor.
 */
export function DeleteUser({ user, onDeleted }: { user: User; onDeleted: () => void }) {
  const remove = useDeleteUser();
  const contributors = useContributors();
  const [heir, setHeir] = useState('');
  const options = [
    { value: '', label: `Nobody (${FORMER_CONTRIBUTOR.toLowerCase()})` },
    ...(contributors.data ?? [])
      .filter((c) => c.id !== user.id)
      .map((c) => ({ value: String(c.id), label: c.name })),
  ];
  return (
    <ConfirmDelete
      noun="user"
      name={`${user.name} (${user.email})`}
      deleting={remove.isPending}
      error={remove.error}
      onOpen={() => {
        remove.reset();
        setHeir('');
      }}
      onConfirm={() =>
        remove.mutate({ id: user.id, contentTo: heir ? Number(heir) : null }, { onSuccess: onDeleted })
      }
    >
      <p>They are logged out and can no longer log in.</p>
      <SelectField
        id="content-to"
        label="Hand their articles and profiles to"
        value={heir}
        onChange={setHeir}
        options={options}
      />
    </ConfirmDelete>
  );
}
