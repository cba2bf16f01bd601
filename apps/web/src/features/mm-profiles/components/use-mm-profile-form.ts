import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MM_PROFILE_FORM_FIELDS, PATHS } from '@console/contracts';
import { HttpError, normaliseError } from '../../../api/errors';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useMmProfile } from '../api/get-mm-profile';
import { useSaveMmProfile, type MmProfileForm } from '../api/save-mm-profile';

export type MmFormValues = Record<keyof MmProfileForm, string>;
const FIELDS: readonly (keyof MmProfileForm)[] = MM_PROFILE_FORM_FIELDS;
export const EMPTY_MM_FORM: MmFormValues = { title: '', max_signals_amount: '', max_factor_amount: '', all_signals_quota: '', exchange_account: '' };

/** The MM profile form: a profile to edit (id) loaded into it, or a new one; saving, and the API's messages. */
export function useMmProfileForm(id: number | null) {
  const navigate = useNavigate();
  const toast = useToast();
  const existing = useMmProfile(id);
  const save = useSaveMmProfile(id);
  const [created, setCreated] = useState(false);
  const form = useForm<MmFormValues>({ defaultValues: EMPTY_MM_FORM });
  const { handleSubmit, reset, setError } = form;

  // A profile that failed to load, or is not inactive, cannot be edited here: back to the list.
  useEffect(() => {
    if (id === null) return;
    if (existing.error) {
      toast.error(normaliseError(existing.error));
      navigate(PATHS.mmProfiles, { replace: true });
    } else if (existing.data && existing.data.status !== 'inactive') {
      navigate(PATHS.mmProfiles, { replace: true });
    } else if (existing.data) {
      const p = existing.data;
      reset({
        title: p.title ?? '',
        max_signals_amount: String(p.max_signals_amount ?? ''),
        max_factor_amount: String(p.max_factor_amount ?? ''),
        all_signals_quota: String(p.all_signals_quota ?? ''),
        exchange_account: String(p.exchange_account?.id ?? ''),
      });
    }
  }, [id, existing.error, existing.data, navigate, reset, toast]);

  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        title: values.title.trim(),
        max_signals_amount: Number(values.max_signals_amount),
        max_factor_amount: Number(values.max_factor_amount),
        all_signals_quota: Number(values.all_signals_quota),
        exchange_account: Number(values.exchange_account),
      });
      if (id === null) setCreated(true);
      else navigate(PATHS.mmProfiles);
    } catch (e) {
      // Field messages go under their fields; anything else is a toast.
      const body = e instanceof HttpError && e.status === 400 && e.body && typeof e.body === 'object' ? (e.body as Record<string, unknown>) : null;
      const fieldErrors = body ? FIELDS.filter((field) => field in body) : [];
      for (const field of fieldErrors) setError(field, { message: normaliseError(new HttpError(400, body![field])) });
      if (fieldErrors.length === 0) toast.error(normaliseError(e));
    }
  });

  return { existing, form, submit, created, setCreated };
}
