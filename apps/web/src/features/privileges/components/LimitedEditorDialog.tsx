import { Button, Checkbox, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, Switch, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { fieldsOf, FILTERING_SECTIONS, SECTION_DISPLAY_NAMES, SORTING_SECTIONS } from '@console/contracts';
import type { PermInput } from '../api/save-group';

/** The Limited editor (platform.md 2.6): visible fields, filtering, sorting, and for signals finished-only and count. */
export function LimitedEditorDialog({ perm, onSave, onClose }: { perm: PermInput; onSave: (perm: PermInput) => void; onClose: () => void }) {
  const [draft, setDraft] = useState(perm);
  const section = perm.section_name;
  const toggleField = (field: string) =>
    setDraft((d) => ({ ...d, fields: d.fields.includes(field) ? d.fields.filter((f) => f !== field) : [...d.fields, field] }));

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="limited-editor-title">
      <DialogTitle id="limited-editor-title">{SECTION_DISPLAY_NAMES[section]}: limited access</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Visible fields
        </Typography>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)' }}>
          {fieldsOf(section).map((field) => (
            <FormControlLabel key={field} control={<Checkbox checked={draft.fields.includes(field)} onChange={() => toggleField(field)} />} label={field} />
          ))}
        </FormGroup>
        {FILTERING_SECTIONS.includes(section) && (
          <FormControlLabel control={<Switch checked={draft.filtering} onChange={(e) => setDraft({ ...draft, filtering: e.target.checked })} />} label="Filtering" />
        )}
        {SORTING_SECTIONS.includes(section) && (
          <FormControlLabel control={<Switch checked={draft.sorting} onChange={(e) => setDraft({ ...draft, sorting: e.target.checked })} />} label="Sorting" />
        )}
        {section === 'signals' && (
          <>
            <FormControlLabel
              control={<Switch checked={draft.is_only_finished} onChange={(e) => setDraft({ ...draft, is_only_finished: e.target.checked })} />}
              label="Only finished signals"
            />
            <TextField
              label="Signals count"
              type="number"
              size="small"
              value={draft.signals_count}
              onChange={(e) => setDraft({ ...draft, signals_count: Math.max(1, Number(e.target.value) || 1) })}
              sx={{ mt: 1 }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={() => onSave(draft)}>
          Apply
        </Button>
      </DialogActions>
    </Dialog>
  );
}
