import { Autocomplete, TextField } from '@mui/material';
import { useRiskGroups } from '../api/risk-controls';

/** The group multi-select: strategy profiles by title (trading.md 2). */
export function GroupSelect({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const groups = useRiskGroups();
  const options = groups.data ?? [];
  const picked = options.filter((option) => value.includes(option.id));
  return (
    <Autocomplete
      multiple
      options={options}
      value={picked}
      loading={groups.isPending}
      getOptionLabel={(option) => option.title}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((option) => option.id))}
      renderInput={(params) => <TextField {...params} margin="dense" label="Group" placeholder="Strategy profiles" />}
    />
  );
}
