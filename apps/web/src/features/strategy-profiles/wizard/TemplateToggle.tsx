import { Autocomplete, Box, FormControlLabel, Switch, TextField } from '@mui/material';
import { useState } from 'react';
import { STRATEGY_WIZARD_UI } from '@console/contracts';
import type { NamedRef } from '../api/get-strategy-profiles';
import { useTemplateOptions } from '../api/get-strategy-profile';

/** 'Apply template': on, it searches the profiles (for-filters); once one is picked it reads 'Templated'. */
export function TemplateToggle({ template, onPick, excludeId }: { template: NamedRef | null; onPick: (template: NamedRef | null) => void; excludeId: number | null }) {
  const [on, setOn] = useState(template !== null);
  const [search, setSearch] = useState('');
  const options = useTemplateOptions(search, on && template === null);
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
        <Autocomplete
          size="small"
          sx={{ minWidth: 240, flex: { xs: 1, sm: 'none' } }}
          options={(options.data?.results ?? []).filter((option) => option.id !== excludeId)}
          getOptionLabel={(option) => option.title || `#${option.id}`}
          filterOptions={(list) => list}
          loading={options.isFetching}
          onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
          onChange={(_, value) => value && onPick(value)}
          renderInput={(params) => <TextField {...params} label="Template" />}
        />
      )}
      {template && <Box sx={{ color: 'text.secondary', typography: 'body2' }}>{template.title}</Box>}
    </Box>
  );
}
