import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { LIMITS, type LogFilterField, type LogFilterOption } from '@console/contracts';
import { loadMoreNearBottom } from '../../../ui/scroll/load-more';
import { useLogFilterOption, useLogFilterOptions } from '../api/get-log-filter-options';

interface Props {
  field: LogFilterField;
  label: string;
  /** An option without a name (only its id, from the query string) gets its name from the API. */
  value: LogFilterOption | null;
  onChange: (value: LogFilterOption | null) => void;
}

/** A searchable option list: search debounced 300 ms, more options loaded within 5 px of the bottom. */
export function FilterOptionPicker({ field, label, value, onChange }: Props) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), LIMITS.fieldSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useLogFilterOptions(field, search);
  const all = options.data?.pages.flatMap((p) => p.results) ?? [];
  const unnamed = value !== null && !value.name;
  const named = useLogFilterOption(field, value?.id, unnamed);
  const shown = unnamed ? (named.data ?? { id: value.id, name: `#${value.id}` }) : value;

  return (
    <Autocomplete
      size="small"
      sx={{ width: { xs: '100%', sm: 220 } }}
      options={all}
      value={shown}
      loading={options.isFetching}
      getOptionLabel={(o) => o.name ?? `#${o.id}`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      slotProps={{ listbox: { onScroll: loadMoreNearBottom(options) } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
