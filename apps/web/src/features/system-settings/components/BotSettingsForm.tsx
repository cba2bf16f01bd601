import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { MESSAGES } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { requiredMax } from './rules';

export interface BotField<T> {
  name: Path<T> & keyof T;
  label: string;
  max: number;
  blank: string;
  tooLong: string;
}

/** A form's values: every field a string. */
type StringFields<T> = FieldValues & { [K in keyof T]: string };

interface Props<T extends StringFields<T>> {
  label: string;
  fields: BotField<T>[];
  initial: T;
  writable: boolean;
  /** Sends the values and answers the settings as saved (tokens masked). */
  save: (values: T) => Promise<T>;
  savedMessage: string;
  /**
   * 'disable': Save stays off until a field changes. 'explain': Save answers 'All values has not
   * changed' for unchanged values (the investor settings).
   */
  unchanged: 'disable' | 'explain';
}

/** A bot's token and chat form, as the Telegram and investor blocks both use it. */
export function BotSettingsForm<T extends StringFields<T>>({ label, fields, initial, writable, save, savedMessage, unchanged }: Props<T>) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<T>({ mode: 'onTouched', defaultValues: initial as DefaultValues<T> });

  async function submit(values: T) {
    setError(null);
    const trimmed = Object.fromEntries(fields.map((f) => [f.name, String(values[f.name]).trim()])) as unknown as T;
    if (unchanged === 'explain' && fields.every((f) => trimmed[f.name] === initial[f.name])) {
      setError(MESSAGES.valuesNotChanged);
      return;
    }
    try {
      const saved = await save(trimmed);
      reset(Object.fromEntries(fields.map((f) => [f.name, saved[f.name]])) as unknown as T);
      toast.success(savedMessage);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <Stack component="form" onSubmit={handleSubmit(submit)} noValidate spacing={0.5} aria-label={label}>
      {fields.map((f) => (
        <TextField key={f.name} label={f.label} size="small" fullWidth autoComplete="off" disabled={!writable} {...fieldErrorProps(formState.errors[f.name] as never)}
          {...register(f.name, { validate: (v) => requiredMax(f.max, f.blank, f.tooLong)(String(v)) })} />
      ))}
      {error && <Alert severity={error === MESSAGES.valuesNotChanged ? 'info' : 'error'}>{error}</Alert>}
      {writable && (
        <Button type="submit" variant="contained" size="small" sx={{ alignSelf: 'flex-start' }} disabled={formState.isSubmitting || (unchanged === 'disable' && !formState.isDirty)}>
          Save
        </Button>
      )}
    </Stack>
  );
}
