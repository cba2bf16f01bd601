import { Alert, Box, Button, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { canWrite, LABELS, MESSAGES, PATHS } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useDeleteGroup } from '../api/delete-group';
import { useGroups } from '../api/get-groups';

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

  return (
    <>
      <SectionTabs bar="privileges" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <PageTitle>Privileges</PageTitle>
        {writable && (
          <Button variant="contained" onClick={() => navigate(PATHS.privilegesAdd)}>
            {LABELS.addNewGroup}
          </Button>
        )}
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Active users</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.isError && (
            <TableRow>
              <TableCell colSpan={3}>
                <Alert severity="error">{normaliseError(groups.error)}</Alert>
              </TableCell>
            </TableRow>
          )}
          {groups.data?.results.length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{MESSAGES.noGroups}</TableCell>
            </TableRow>
          )}
          {groups.data?.results.map((group) => (
            <TableRow key={group.id}>
              <TableCell>{group.name}</TableCell>
              <TableCell>{group.users_count}</TableCell>
              <TableCell align="right">
                {writable && (
                  <>
                    <Button size="small" onClick={() => navigate(`${PATHS.privilegesAdd}?id=${group.id}`)}>
                      Edit
                    </Button>
                    <Button size="small" color="error" onClick={() => setDeleting({ id: group.id, name: group.name })}>
                      Delete
                    </Button>
                  </>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
