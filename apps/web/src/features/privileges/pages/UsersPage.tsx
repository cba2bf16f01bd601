import { Button, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { canWrite, EMPTY_VALUE, LABELS, permOf, SESSION_UI, USER_RESOURCE, type GroupOption, type ManagedUser } from '@console/contracts';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { PageHeader } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable, type Column } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useChangeUserGroup } from '../api/change-user-group';
import { useCreateUser } from '../api/create-user';
import { useDeactivateUser } from '../api/deactivate-user';
import { useGroupOptions } from '../api/get-group-options';
import { useUsers } from '../api/get-users';
import { AddUserDialog } from '../components/AddUserDialog';
import { UserSessionsDialog } from '../components/UserSessionsDialog';

/** Users Management: 40 rows, change of group, sessions and sign-in history, delete (deactivate), Add New User. */
export function UsersPage() {
  const { user } = useAuthState();
  const toast = useToast();
  const users = useUsers();
  const groupOptions = useGroupOptions();
  const changeUserGroup = useChangeUserGroup();
  const createUser = useCreateUser();
  const deactivateUser = useDeactivateUser();
  const options = groupOptions.data?.results ?? [];
  // A user's current group may lie above the caller's levels: it is shown, but not offered to others.
  const optionsFor = (current: GroupOption | null) => (current && !options.some((g) => g.id === current.id) ? [...options, current] : options);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<{ id: number; email: string } | null>(null);
  const [viewing, setViewing] = useState<{ id: number; email: string } | null>(null);
  const writable = canWrite(user?.group, 'users');

  async function act(action: () => Promise<unknown>) {
    try {
      await action();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  // The group is picked in the row; a user who is not active shows '-' there and in the row's actions.
  const declared = declaredColumns(USER_RESOURCE, permOf(user?.group, 'users'), {
    render: {
      email: (u) => <EllipsisText text={u.email} maxWidth={CELL_TEXT_MAX_WIDTH} />,
      group: (u) =>
        !u.is_active ? EMPTY_VALUE : (
          <TextField select size="small" value={chosen[u.id] ?? u.group?.id ?? ''} disabled={!writable} sx={{ minWidth: 180 }}
            onChange={(e) => setChosen({ ...chosen, [u.id]: Number(e.target.value) })} slotProps={{ select: { SelectDisplayProps: { 'aria-label': `Group of ${u.email}` } as object } }}>
            {optionsFor(u.group).map((g) => (
              <MenuItem key={g.id} value={g.id}>
                {g.name}
              </MenuItem>
            ))}
          </TextField>
        ),
    },
  });
  const columns: Column<ManagedUser>[] = [
    ...declared,
    {
      field: 'save',
      header: 'Save',
      render: (u) =>
        !u.is_active ? EMPTY_VALUE : (
          <Button size="small" disabled={!writable || !chosen[u.id] || chosen[u.id] === u.group?.id} onClick={() => act(() => changeUserGroup.mutateAsync({ id: u.id, group: chosen[u.id] }))}>
            Save
          </Button>
        ),
    },
    {
      field: 'sessions',
      header: SESSION_UI.details,
      render: (u) => (
        <Button size="small" aria-label={SESSION_UI.detailsOf(u.email)} onClick={() => setViewing({ id: u.id, email: u.email })}>
          {SESSION_UI.details}
        </Button>
      ),
    },
    {
      field: 'delete',
      header: 'Delete',
      render: (u) =>
        !u.is_active ? EMPTY_VALUE : (
          <Button size="small" color="error" disabled={!writable || u.id === user?.id} onClick={() => setDeleting({ id: u.id, email: u.email })}>
            Delete
          </Button>
        ),
    },
  ];

  return (
    <>
      <SectionTabs bar="privileges" />
      <PageHeader title="Users management">
        {writable && (
          <Button variant="contained" onClick={() => setAdding(true)}>
            {LABELS.addNewUser}
          </Button>
        )}
      </PageHeader>
      <DataTable columns={columns} rows={users.data?.results} rowKey={(u) => u.id} isLoading={users.isPending} error={users.error} columnChoice={false} testId="users-table" />
      {deleting && (
        <ConfirmDialog
          title="Delete user"
          text={`${deleting.email} will be deactivated and signed out everywhere. Their history stays.`}
          confirmLabel="Delete"
          onConfirm={() => act(() => deactivateUser.mutateAsync(deleting.id))}
          onClose={() => setDeleting(null)}
        />
      )}
      {viewing && <UserSessionsDialog user={viewing} canEnd={writable && viewing.id !== user?.id} onClose={() => setViewing(null)} />}
      {adding && <AddUserDialog groups={options} onClose={() => setAdding(false)} onCreate={createUser.mutateAsync} />}
    </>
  );
}
