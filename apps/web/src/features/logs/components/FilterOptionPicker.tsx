import { Autocomplete, TextField } from '@mui/material';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState, type UIEvent } from 'react';
import { LIMITS } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { logFilterOptionsQuery, type FilterOption } from '../api/logs-api';

interface Props {
  field: 'pair' | 'profile';
  label: string;
  value: FilterOption | null;
  onChange: (value: FilterOption | null) => void;
}

/** A searchable option list: search debounced 300 ms, more options loaded within 5 px of the bottom. */
export function FilterOptionPicker({ field, label, value, onChange }: Props) {
  const client = useApiClient();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), LIMITS.fieldSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [input]);
  const options = useInfiniteQuery(logFilterOptionsQuery(client, field, search));
  const all = options.data?.pages.flatMap((p) => p.results) ?? [];

  function onScroll(event: UIEvent<HTMLElement>) {
    const list = event.currentTarget;
    if (list.scrollHeight - list.scrollTop - list.clientHeight <= LIMITS.autocompleteBottomPx && options.hasNextPage && !options.isFetchingNextPage) {
      void options.fetchNextPage();
    }
  }

  return (
    <Autocomplete
      size="small"
      sx={{ width: 220 }}
      options={all}
      value={value}
      loading={options.isFetching}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      onChange={(_, next) => onChange(next)}
      onInputChange={(_, text, reason) => reason === 'input' && setInput(text)}
      slotProps={{ listbox: { onScroll } }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
