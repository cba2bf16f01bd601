import { ArrowBack } from '@mui/icons-material';
import { Alert, Box, Button, MenuItem, Paper, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ALLOWED_LEVELS, completePerms, fieldsOf, MESSAGES, normalizePerm, PATHS, permsAll, SECTION_DISPLAY_NAMES, type Level } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { PageTitle } from '../../../ui/PageTitle';
import { useGroup } from '../api/get-group';
import { useSaveGroup, type PermInput } from '../api/save-group';
import { LimitedEditorDialog } from '../components/LimitedEditorDialog';

/** The group form: a new group starts with every section Full; `?id=` edits an existing one. */
export function GroupFormPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const existing = useGroup(id);
  const saveGroup = useSaveGroup();
  const [name, setName] = useState('');
  const [perms, setPerms] = useState<PermInput[]>(() => permsAll('Full'));
  const [editing, setEditing] = useState<PermInput | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Copy a loaded group into the form once per answer, while rendering (no effect, no extra render).
  const [loaded, setLoaded] = useState<typeof existing.data>();
  if (existing.data && existing.data !== loaded) {
    setLoaded(existing.data);
    setName(existing.data.name);
    setPerms(completePerms(existing.data));
  }

  function setLevel(index: number, status: Level) {
    // The same rules the server applies: NP clears, a signals status change resets the count.
    setPerms((all) => all.map((p, i) => (i === index ? normalizePerm({ ...p, status, filtering: undefined, sorting: undefined }, p) : p)));
  }

  async function submit() {
    if (!name.trim()) return setNameError(MESSAGES.groupNameRequired);
    setNameError(null);
    try {
      await saveGroup.mutateAsync({ body: { name: name.trim(), perms }, id });
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
      <Paper sx={{ p: 3 }}>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={!!nameError} helperText={nameError ?? ' '} sx={{ width: 360 }} />
        <Table size="small" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Section</TableCell>
              <TableCell>Permission</TableCell>
              <TableCell>Limited access</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {perms.map((perm, index) => (
              <TableRow key={perm.section_name}>
                <TableCell>{SECTION_DISPLAY_NAMES[perm.section_name]}</TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={perm.status}
                    onChange={(e) => setLevel(index, e.target.value as Level)}
                    slotProps={{ select: { SelectDisplayProps: { 'aria-label': `${SECTION_DISPLAY_NAMES[perm.section_name]} permission` } as object } }}
                    sx={{ minWidth: 140 }}
                  >
                    {ALLOWED_LEVELS[perm.section_name].map((level) => (
                      <MenuItem key={level} value={level}>
                        {level}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell>
                  {perm.status === 'Limited' && fieldsOf(perm.section_name).length > 0 && (
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Button size="small" variant="outlined" onClick={() => setEditing(perm)} aria-label={`Configure ${SECTION_DISPLAY_NAMES[perm.section_name]}`}>
                        Configure
                      </Button>
                      <Typography variant="body2" color="text.secondary">
                        {perm.fields.length} fields{perm.filtering ? '' : ', no filtering'}
                      </Typography>
                    </Stack>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Button variant="contained" sx={{ mt: 2 }} onClick={submit}>
          Save
        </Button>
      </Paper>
      {editing && (
        <LimitedEditorDialog
          perm={editing}
          onClose={() => setEditing(null)}
          onSave={(next) => {
            setPerms((all) => all.map((p) => (p.section_name === next.section_name ? next : p)));
            setEditing(null);
          }}
        />
      )}
    </Box>
  );
}
