import { Box, FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { STRATEGY_WIZARD_UI, type NamedRef } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import { templateOptionSource } from '../api/get-strategy-profile';

/** 'Apply template': on, it searches the profiles (for-filters); once one is picked it reads 'Templated'. */
export function TemplateToggle({ template, onPick, excludeId }: { template: NamedRef | null; onPick: (template: NamedRef | null) => void; excludeId: number | null }) {
  const [on, setOn] = useState(template !== null);
  const client = useApiClient();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        label={template ? STRATEGY_WIZARD_UI.templated : STRATEGY_WIZARD_UI.applyTemplate}
        control={
          <Switch
            checked={on}
            onChange={(event) => {
              setOn(event.target.checked);
              if (!event.target.checked) onPick(null);
            }}
          />
        }
      />
      {on && template === null && (
        <PagingPicker
          {...templateOptionSource(client)}
          label="Template"
          value={null}
          exclude={(option) => option.id === excludeId}
          onChange={(option) => option && onPick({ id: option.id, title: option.label })}
          sx={{ minWidth: 240, flex: { xs: 1, sm: 'none' } }}
          testId="template-picker"
        />
      )}
      {template && <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{template.title}</Box>}
    </Box>
  );
}
