import { Autocomplete, TextField, type AutocompleteRenderInputParams, type SxProps, type TextFieldProps, type Theme } from '@mui/material';
import { useMemo, useState } from 'react';
import { LIMITS } from '@console/contracts';
import { normaliseError } from '../../api/errors';
import { loadMoreNearBottom } from '../scroll/load-more';
import type { OptionSource } from './option-sources';
import { useDebouncedValue } from './use-debounced-value';
import { usePickerNames, usePickerPages } from './use-picker-options';

export interface PickerOption {
  id: number;
  label: string;
}

/** One page of a list's options; `next` is the list's link to the following page (null on the last). */
export interface PickerPage {
  next: string | null;
  results: PickerOption[];
}

export interface PickerPageQuery {
  /** The typed text, debounced; empty for the whole list. */
  search: string;
  /** One-based. */
  page: number;
  page_size: number;
}

/** The list: its key, its pages, and the names of picked ids that none of the loaded pages holds (a filter from the query string). */
interface CommonProps extends OptionSource {
  label: string;
  /** Names the caller already holds (the form's own value). */
  known?: readonly PickerOption[];
  /** Options not to offer (the profile being edited, as its own template). */
  exclude?: (option: PickerOption) => boolean;
  enabled?: boolean;
  placeholder?: string;
  /** More props of the text field: an error, its ref for the form, a margin. */
  inputProps?: Partial<TextFieldProps>;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  testId?: string;
}

interface SingleProps extends CommonProps {
  multiple?: false;
  value: number | null;
  onChange: (option: PickerOption | null) => void;
}

interface MultipleProps extends CommonProps {
  multiple: true;
  value: readonly number[];
  onChange: (options: PickerOption[]) => void;
}

export type PagingPickerProps = SingleProps | MultipleProps;

/**
 * A searchable picker over a paged list: the typed text is sent once it has held still for the field
 * search debounce, and the next page loads when the open list is scrolled to within a few pixels of its
 * bottom. A picked option keeps its name whatever pages or search are loaded afterwards.
 */
export function PagingPicker(props: PagingPickerProps) {
  const { label, queryKey, fetchPage, fetchNamed, known = [], exclude, enabled = true, placeholder, inputProps, size = 'small', sx, testId } = props;
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), LIMITS.fieldSearchDebounceMs);
  // The names of what was picked here: they stay when a later search or page no longer holds them.
  const [picked, setPicked] = useState<ReadonlyMap<number, string>>(new Map());

  const source = { queryKey, fetchPage, fetchNamed };
  const pages = usePickerPages(source, search, enabled);
  const loaded = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const options = exclude ? loaded.filter((option) => !exclude(option)) : loaded;

  const ids = props.multiple ? props.value : props.value === null ? [] : [props.value];
  const names = new Map<number, string>(known.map((option) => [option.id, option.label]));
  for (const option of loaded) names.set(option.id, option.label);
  for (const [id, name] of picked) names.set(id, name);
  const unnamed = ids.filter((id) => !names.has(id));
  const named = usePickerNames(source, unnamed, enabled);
  for (const option of named.data ?? []) names.set(option.id, option.label);
  // The same value object while the picked ids and their names stay: a new one would reset the typed text.
  const shownKey = JSON.stringify(ids.map((id) => [id, names.get(id) ?? `#${id}`]));
  const shown = useMemo(() => (JSON.parse(shownKey) as [number, string][]).map(([id, label]) => ({ id, label })), [shownKey]);

  const remember = (chosen: readonly PickerOption[]) =>
    setPicked((previous) => {
      const next = new Map(previous);
      for (const option of chosen) next.set(option.id, option.label);
      return next;
    });

  const shared = {
    options,
    size,
    sx,
    loading: pages.isFetching,
    filterOptions: (list: PickerOption[]) => list,
    getOptionLabel: (option: PickerOption) => option.label,
    isOptionEqualToValue: (a: PickerOption, b: PickerOption) => a.id === b.id,
    onInputChange: (_: unknown, text: string, reason: string) => setInput(reason === 'input' ? text : ''),
    slotProps: { listbox: { onScroll: loadMoreNearBottom(pages), 'data-testid': testId ? `${testId}-options` : undefined } },
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        // A list that cannot be read says why under the field.
        {...(pages.error ? { error: true, helperText: `${label}: ${normaliseError(pages.error)}` } : {})}
        {...inputProps}
        label={label}
        placeholder={placeholder}
        // A placeholder ('All') shows only under a label kept above the field.
        slotProps={{ ...params.slotProps, inputLabel: placeholder ? { ...params.slotProps.inputLabel, shrink: true } : params.slotProps.inputLabel }}
      />
    ),
    'data-testid': testId,
  };

  if (props.multiple) {
    const { onChange } = props;
    return (
      <Autocomplete<PickerOption, true>
        {...shared}
        multiple
        value={shown}
        onChange={(_, next) => {
          remember(next);
          onChange(next);
        }}
      />
    );
  }
  const { onChange } = props;
  return (
    <Autocomplete<PickerOption, false>
      {...shared}
      value={shown[0] ?? null}
      onChange={(_, next) => {
        if (next) remember([next]);
        onChange(next);
      }}
    />
  );
}
