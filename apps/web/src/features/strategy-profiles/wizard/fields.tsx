import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, get, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { fieldErrorProps } from '../../../ui/form/field-error';

/** The wizard's one form (settings blocks by name, and the profile's own fields under `profile`). */
export type WizardForm = UseFormReturn<FieldValues>;

interface FieldProps {
  form: WizardForm;
  name: string;
  label: string;
  disabled?: boolean;
}

const errorOf = (form: WizardForm, name: string) => fieldErrorProps(get(form.formState.errors, name));

/** A number typed as text; the contracts validator reads it (a message under it, cleared on edit). */
export function NumberInput({ form, name, label, disabled, onValue }: FieldProps & { onValue?: (value: string) => void }) {
  return (
    <TextField
      size="small"
      fullWidth
      label={label}
      disabled={disabled}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      {...form.register(name, {
        onChange: (event: { target: { value: string } }) => {
          form.clearErrors(name);
          onValue?.(event.target.value);
        },
      })}
      {...errorOf(form, name)}
    />
  );
}

export function TextInput({ form, name, label, disabled }: FieldProps) {
  return <TextField size="small" fullWidth label={label} disabled={disabled} {...form.register(name, { onChange: () => form.clearErrors(name) })} {...errorOf(form, name)} />;
}

export function SelectInput({
  form,
  name,
  label,
  disabled,
  options,
  onValue,
}: FieldProps & { options: readonly (readonly [string, string])[]; onValue?: (value: string) => void }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          size="small"
          fullWidth
          label={label}
          disabled={disabled}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.value);
            form.clearErrors(name);
            onValue?.(event.target.value);
          }}
          {...errorOf(form, name)}
        >
          {options.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

export function SwitchInput({ form, name, label, disabled, onValue }: FieldProps & { onValue?: (on: boolean) => void }) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              checked={field.value === true}
              slotProps={{ input: { ref: field.ref } }}
              onChange={(event) => {
                field.onChange(event.target.checked);
                form.clearErrors(name);
                onValue?.(event.target.checked);
              }}
            />
          }
        />
      )}
    />
  );
}

/** Fields in a responsive grid: one column on a phone, up to three on a desktop. */
export function FieldGrid({ children }: { children: ReactNode }) {
  return <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', columnGap: 16, rowGap: 4 }}>{children}</div>;
}
