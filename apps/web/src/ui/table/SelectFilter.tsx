import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';

export interface SelectFilterOption {
  value: string;
  label: string;
}

/** An option per value, labelled by the value itself. */
export const optionsOf = (values: readonly string[]): SelectFilterOption[] => values.map((value) => ({ value, label: value }));

/** The empty value: no filter. */
export const ALL = '';

interface SelectFilterProps {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly SelectFilterOption[];
  /** Offer 'All' (the empty value) first; a filter that always holds a value has none. */
  all?: boolean;
  /** The value shown when `value` is undefined. */
  fallback?: string;
  sx?: SxProps<Theme>;
  testId?: string;
}

/** A select of a table's toolbar. Its label stays up, so that 'All' (an empty value) shows. */
export function SelectFilter({ label, value, onChange, options, all = true, fallback = ALL, sx = { minWidth: 130 }, testId }: SelectFilterProps) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value ?? fallback}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      sx={sx}
      data-testid={testId}
    >
      {all && <MenuItem value={ALL}>All</MenuItem>}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
