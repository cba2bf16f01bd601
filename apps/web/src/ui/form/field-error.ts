import type { FieldError } from 'react-hook-form';

/** A TextField's error state from react-hook-form; the blank helper text keeps the layout still. */
export function fieldErrorProps(error: FieldError | undefined): { error: boolean; helperText: string } {
  return { error: !!error, helperText: error?.message ?? ' ' };
}
