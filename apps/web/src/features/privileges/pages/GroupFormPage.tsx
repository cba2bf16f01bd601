import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, Paper, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { completePerms, MESSAGES, newGroupPerms, normalizePerm, PATHS, permOf, type Level } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { PageTitle } from '../../../ui/PageTitle';
import { useGroup } from '../api/get-group';
import { useSaveGroup, type GroupInput, type PermInput } from '../api/save-group';
import { GroupPermsTable } from '../components/GroupPermsTable';
import { LimitedEditorDialog } from '../components/LimitedEditorDialog';

/**
 * The group form: a new group starts with every section Full (as far as the editor holds Full), `?id=`
 * edits an existing one. Each section offers only the levels within the editor's own, the rule the API
 * enforces.
 */
export function GroupFormPage() {
  const navigate = useNavigate();
  const { user } = useAuthState();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const existing = useGroup(id);
  const saveGroup = useSaveGroup();
  const [editing, setEditing] = useState<PermInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { handleSubmit, control, setValue, formState } = useForm<GroupInput>({
    defaultValues: { name: '', perms: newGroupPerms(user?.group) },
    // A loaded group replaces the defaults once its answer arrives.
    values: existing.data && { name: existing.data.name, perms: completePerms(existing.data) },
  });
  const perms = useWatch({ control, name: 'perms' });

  function setLevel(index: number, status: Level) {
    const previous = perms[index];
    // The same rules the server applies: NP clears, a signals status change resets the count.
    setValue(`perms.${index}`, normalizePerm({ ...previous, status, filtering: undefined, sorting: undefined }, previous), { shouldDirty: true });
  }

  async function submit(values: GroupInput) {
    setError(null);
    try {
      await saveGroup.mutateAsync({ body: { name: values.name.trim(), perms: values.perms }, id });
      navigate(PATHS.groups);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <Box>
      <Button startIcon={<ArrowBack />} onClick={() => navigate(PATHS.groups)} sx={{ mb: 1 }}>
        Back
      </Button>
      <PageTitle>{id ? 'Edit privilege group' : 'New privilege group'}</PageTitle>
      <Paper component="form" onSubmit={handleSubmit(submit)} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
        <Controller
          name="name"
          control={control}
          rules={{ validate: (v) => v.trim() !== '' || MESSAGES.groupNameRequired }}
          render={({ field, fieldState }) => <TextField label="Name" sx={{ width: { xs: '100%', sm: 360 } }} {...field} {...fieldErrorProps(fieldState.error)} />}
        />
        <GroupPermsTable perms={perms} editorLevel={(section) => permOf(user?.group, section).status} onLevel={setLevel} onConfigure={setEditing} />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={formState.isSubmitting}>
          Save
        </Button>
      </Paper>
      {editing && (
        <LimitedEditorDialog
          perm={editing}
          limit={permOf(user?.group, editing.section_name)}
          onClose={() => setEditing(null)}
          onSave={(next) => {
            setValue(`perms.${perms.findIndex((p) => p.section_name === next.section_name)}`, next, { shouldDirty: true });
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}
