import { Button, MenuItem, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { fieldsOf, levelsWithin, SECTION_DISPLAY_NAMES, type Level } from '@console/contracts';
import type { PermInput } from '../api/save-group';

interface Props {
  perms: PermInput[];
  /** The editor's own level of a section: the highest it may grant. */
  editorLevel: (section: PermInput['section_name']) => Level;
  onLevel: (index: number, status: Level) => void;
  onConfigure: (perm: PermInput) => void;
}

/** The levels offered for a section; a level the group already has stays shown, though the editor could not grant it. */
function levelsFor(perm: PermInput, editorLevel: Props['editorLevel']): { level: Level; grantable: boolean }[] {
  const grantable = levelsWithin(perm.section_name, editorLevel(perm.section_name));
  const shown = grantable.includes(perm.status) ? grantable : [...grantable, perm.status];
  return shown.map((level) => ({ level, grantable: grantable.includes(level) }));
}

/** One row a section: its level, and the Limited access settings of a Limited one. */
export function GroupPermsTable({ perms, editorLevel, onLevel, onConfigure }: Props) {
  return (
    // On a phone the sections table scrolls sideways inside the form, the page does not.
    <TableContainer sx={{ mt: 1 }}>
      <Table size="small">
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
                  onChange={(e) => onLevel(index, e.target.value as Level)}
                  slotProps={{ select: { SelectDisplayProps: { 'aria-label': `${SECTION_DISPLAY_NAMES[perm.section_name]} permission` } as object } }}
                  sx={{ minWidth: 140 }}
                >
                  {levelsFor(perm, editorLevel).map(({ level, grantable }) => (
                    <MenuItem key={level} value={level} disabled={!grantable}>
                      {level}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                {perm.status === 'Limited' && fieldsOf(perm.section_name).length > 0 && (
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Button size="small" variant="outlined" onClick={() => onConfigure(perm)} aria-label={`Configure ${SECTION_DISPLAY_NAMES[perm.section_name]}`}>
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
    </TableContainer>
  );
}
