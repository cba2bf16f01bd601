import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface PlainTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  error?: boolean;
  helperText?: string;
  endAdornment?: ReactNode;
  'data-testid'?: string;
}

/**
 * An outlined text field that looks like MUI's TextField but is built from its light parts: TextField
 * also brings Select, Menu and List, which the first screen does not need. Registers with
 * react-hook-form like a plain input (`{...register('email')}`).
 */
export const PlainTextField = forwardRef<HTMLInputElement, PlainTextFieldProps>(function PlainTextField(
  { label, error, helperText, endAdornment, 'data-testid': testId, id, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FormControl fullWidth margin="normal" variant="outlined" error={error}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        inputRef={ref}
        endAdornment={endAdornment}
        inputProps={{ ...input, 'data-testid': testId, 'aria-describedby': helperText ? `${inputId}-helper` : undefined }}
      />
      {helperText !== undefined && <FormHelperText id={`${inputId}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
});
