import { Button, Checkbox, DialogActions, DialogContent, DialogTitle, FormControlLabel, FormGroup, Switch, TextField, Typography } from '@mui/material';
import { ResponsiveDialog } from '../../../ui/dialog/ResponsiveDialog';
import { useState } from 'react';
import { fieldsOf, FILTERING_SECTIONS, gateFieldsOf, SECTION_DISPLAY_NAMES, SORTING_SECTIONS, type Perm } from '@console/contracts';
import type { PermInput } from '../api/save-group';

/**
 * The Limited editor: visible fields, filtering, sorting, and for signals finished-only
 * and count. A gate whose action writes fields (APA's skip_check_k_exit) brings them with it, and
 * unticking one of them takes the gate off: the API refuses a gate without them. An editor who is Limited there too grants only what it has (isPermWithin): its own fields,
 * filtering and sorting only if it may, finished-only kept, a count no higher.
 */
export function LimitedEditorDialog({ perm, limit, onSave, onClose }: { perm: PermInput; limit: Perm; onSave: (perm: PermInput) => void; onClose: () => void }) {
  const [draft, setDraft] = useState(perm);
  const section = perm.section_name;
  const bounded = limit.status !== 'Full';
  const offeredFields = fieldsOf(section).filter((field) => !bounded || limit.fields.includes(field));
  const maxCount = bounded ? limit.signals_count : Infinity;
  const gateFields = gateFieldsOf(section);
  const toggleField = (field: string) =>
    setDraft((d) => {
      if (d.fields.includes(field)) return { ...d, fields: d.fields.filter((f) => f !== field && !gateFields[f]?.includes(field)) };
      const brought = (gateFields[field] ?? []).filter((f) => offeredFields.includes(f) && !d.fields.includes(f));
      return { ...d, fields: [...d.fields, field, ...brought] };
    });

  return (
    <ResponsiveDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="limited-editor-title">
      <DialogTitle id="limited-editor-title">{SECTION_DISPLAY_NAMES[section]}: limited access</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          Visible fields
        </Typography>
        {Object.entries(gateFields).map(([gate, fields]) => (
          <Typography key={gate} variant="caption" color="text.secondary" component="p">
            {gate} also makes {fields.join(' and ')} visible: its action writes them.
          </Typography>
        ))}
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' } }}>
          {offeredFields.map((field) => (
            <FormControlLabel key={field} control={<Checkbox checked={draft.fields.includes(field)} onChange={() => toggleField(field)} />} label={field} />
          ))}
        </FormGroup>
        {FILTERING_SECTIONS.includes(section) && (
          <FormControlLabel control={<Switch checked={draft.filtering} disabled={bounded && !limit.filtering && !draft.filtering} onChange={(e) => setDraft({ ...draft, filtering: e.target.checked })} />} label="Filtering" />
        )}
        {SORTING_SECTIONS.includes(section) && (
          <FormControlLabel control={<Switch checked={draft.sorting} disabled={bounded && !limit.sorting && !draft.sorting} onChange={(e) => setDraft({ ...draft, sorting: e.target.checked })} />} label="Sorting" />
        )}
        {section === 'signals' && (
          <>
            <FormControlLabel
              control={<Switch checked={draft.is_only_finished} disabled={bounded && limit.is_only_finished && draft.is_only_finished} onChange={(e) => setDraft({ ...draft, is_only_finished: e.target.checked })} />}
              label="Only finished signals"
            />
            <TextField
              label="Signals count"
              type="number"
              size="small"
              value={draft.signals_count}
              onChange={(e) => setDraft({ ...draft, signals_count: Math.min(maxCount, Math.max(1, Number(e.target.value) || 1)) })}
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
    </ResponsiveDialog>
  );
}
