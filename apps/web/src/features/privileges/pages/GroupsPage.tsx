import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canWrite, GROUP_RESOURCE, LABELS, MESSAGES, PATHS, permOf } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { PageHeader } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { CELL_TEXT_MAX_WIDTH, EllipsisText } from '../../../ui/text/EllipsisText';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';

/** Privilege groups: 40 rows, Add New Group, edit and delete. */
export function GroupsPage() {
  const { user } = useAuthState();
  const navigate = useNavigate();
  const toast = useToast();
  const groups = useGroups();
  const deleteGroup = useDeleteGroup();
  const writable = canWrite(user?.group, 'groups');

  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  async function remove(id: number) {
    try {
      await deleteGroup.mutateAsync(id);
    } catch (e) {
      toast.error(normaliseError(e));
    }
  }

  const columns = declaredColumns(GROUP_RESOURCE, permOf(user?.group, 'groups'), {
    render: { name: (group) => <EllipsisText text={group.name} maxWidth={CELL_TEXT_MAX_WIDTH} /> },
  });
  if (writable) {
    columns.push({
      field: 'actions',
      header: 'Actions',
      render: (group) => (
        <>
          <Button size="small" onClick={() => navigate(`${PATHS.privilegesAdd}?id=${group.id}`)}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => setDeleting({ id: group.id, name: group.name })}>
            Delete
          </Button>
        </>
      ),
    });
  }

  return (
    <>
      <SectionTabs bar="privileges" />
      <PageHeader title="Privileges">
        {writable && (
          <Button variant="contained" onClick={() => navigate(PATHS.privilegesAdd)}>
            {LABELS.addNewGroup}
          </Button>
        )}
      </PageHeader>
      <DataTable
        columns={columns}
        rows={groups.data?.results}
        rowKey={(g) => g.id}
        emptyText={MESSAGES.noGroups}
        isLoading={groups.isPending}
        error={groups.error}
        columnChoice={false}
        testId="groups-table"
      />
      {deleting && (
        <ConfirmDialog
          title="Delete privilege group"
          text={`Delete the group “${deleting.name}”? A group that still has active users is not deleted.`}
          confirmLabel="Delete"
          onConfirm={() => void remove(deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </>
  );
}
