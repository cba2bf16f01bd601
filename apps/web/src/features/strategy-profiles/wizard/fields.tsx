import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { Controller, get, type FieldPath, type FieldPathByValue, type UseFormReturn } from 'react-hook-form';
import { fieldErrorProps } from '../../../ui/form/field-error';
import type { WizardFormValues } from './wizard-model';

/** The wizard's one form (settings blocks by name, and the profile's own fields under `profile`). */
export type WizardForm = UseFormReturn<WizardFormValues>;

/** A field whose input holds text: a number's input, a text input, a select. */
export type TextPath = FieldPathByValue<WizardFormValues, string>;
/** A field a switch turns on and off. */
export type SwitchPath = FieldPathByValue<WizardFormValues, boolean>;

interface FieldProps<Name extends FieldPath<WizardFormValues>> {
  form: WizardForm;
  name: Name;
  label: string;
  disabled?: boolean;
}

const errorOf = (form: WizardForm, name: FieldPath<WizardFormValues>) => fieldErrorProps(get(form.formState.errors, name));

/** Whether the form holds a value at a path (a message from the validator or the API names one). */
const holds = (values: WizardFormValues, path: string): path is FieldPath<WizardFormValues> => get(values, path) !== undefined;

/** Each message under its field; returns the messages that name no field the form holds, for the step's alert. */
export function setFieldErrors(form: WizardForm, messages: Record<string, string>): string[] {
  const values = form.getValues();
  const unplaced: string[] = [];
  for (const [path, message] of Object.entries(messages)) {
    if (holds(values, path)) form.setError(path, { message });
    else unplaced.push(message);
  }
  return unplaced;
}

/** A number typed as text; the contracts validator reads it (a message under it, cleared on edit). */
export function NumberInput({ form, name, label, disabled, onValue }: FieldProps<TextPath> & { onValue?: (value: string) => void }) {
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

export function TextInput({ form, name, label, disabled }: FieldProps<TextPath>) {
  return <TextField size="small" fullWidth label={label} disabled={disabled} {...form.register(name, { onChange: () => form.clearErrors(name) })} {...errorOf(form, name)} />;
}

export function SelectInput({
  form,
  name,
  label,
  disabled,
  options,
  onValue,
}: FieldProps<TextPath> & { options: readonly (readonly [string, string])[]; onValue?: (value: string) => void }) {
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
          value={field.value}
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

export function SwitchInput({ form, name, label, disabled, onValue }: FieldProps<SwitchPath> & { onValue?: (on: boolean) => void }) {
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
              checked={field.value}
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
