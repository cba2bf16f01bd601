import { Alert, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { settingsPayload, WIZARD_STEPS, type SettingsDocument, type StrategyProfileRow, type WizardStepKey } from '@console/contracts';
import { HttpError, normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { useSaveStrategyProfile, useSaveStrategySettings } from '../api/get-strategy-profile';
import { setFieldErrors } from '../wizard/fields';
import { StepFields } from '../wizard/StepFields';
import { blocksToSave, fromForm, priceDirectionOf, profileFieldsOf, profileStepErrors, serverFieldErrors, stepErrors, toForm, type WizardFormValues } from '../wizard/wizard-model';

interface BlockEditDialogProps {
  profile: StrategyProfileRow;
  settings: SettingsDocument;
  step: WizardStepKey;
  tickerListsReadable: boolean;
  onClose: () => void;
}

/**
 * One block of the Settings tab in a modal, with the wizard step's form; saved through PUT
 * strategy-settings (the profile block through PUT profiles). A new price direction changes what
 * order management and single cases need, so the button reads 'Next' and walks those steps first.
 */
export function BlockEditDialog({ profile, settings, step, tickerListsReadable, onClose }: BlockEditDialogProps) {
  const form = useForm<WizardFormValues>({ defaultValues: { ...toForm(settings), profile: profileFieldsOf(profile) } });
  const saveSettings = useSaveStrategySettings();
  const saveProfile = useSaveStrategyProfile();
  const [at, setAt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const storedDirection = priceDirectionOf(toForm(settings));
  const direction = useWatch({ control: form.control, name: 'signal_settings.price_direction' });
  const directionChanged = step === 'signal' && direction !== storedDirection;
  const sequence: WizardStepKey[] = directionChanged ? ['signal', 'orders', ...(direction === 'fall' ? (['singleCases'] as const) : [])] : [step];
  const current = sequence[Math.min(at, sequence.length - 1)];
  const last = at >= sequence.length - 1;

  const submit = form.handleSubmit(async (values) => {
    const found = current === 'profile' ? profileStepErrors(values.profile) : stepErrors(current, values);
    const unplaced = setFieldErrors(form, found);
    if (unplaced.length) setError(unplaced.join(' '));
    if (Object.keys(found).length) return;
    if (!last) return setAt(at + 1);
    setError(null);
    try {
      if (current === 'profile') {
        const p = values.profile;
        await saveProfile.mutateAsync({ id: profile.id, body: { title: p.title.trim(), mm_profile: p.mm_profile!.id, tickers: Number(p.tickers) } });
      } else {
        const blocks = blocksToSave(Object.keys(settings), sequence);
        await saveSettings.mutateAsync({ id: profile.id, settings: settingsPayload(fromForm(values, blocks)) });
      }
      onClose();
    } catch (e) {
      const { fields, rest } = e instanceof HttpError && e.status === 400 ? serverFieldErrors(e.body) : { fields: {}, rest: [normaliseError(e)] };
      const shown = [...rest, ...setFieldErrors(form, fields)];
      if (shown.length) setError(shown.join(' '));
    }
  });

  const title = WIZARD_STEPS.find((s) => s.key === current)!.label;
  return (
    <FormDialog title={`Edit: ${title}`} onClose={onClose} onSubmit={submit} submitLabel={last ? 'Save' : 'Next'} submitting={form.formState.isSubmitting} maxWidth="md">
      {sequence.length > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          The price direction changed: check {sequence.slice(1).map((key) => WIZARD_STEPS.find((s) => s.key === key)!.label).join(' and ')} before saving.
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <div style={{ paddingTop: 8 }}>
        <StepFields step={current} form={form} tickerListsReadable={tickerListsReadable} />
      </div>
    </FormDialog>
  );
}
