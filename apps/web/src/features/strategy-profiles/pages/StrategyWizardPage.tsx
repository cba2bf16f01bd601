import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  API_PATHS,
  normalizeSettings,
  PATHS,
  permOf,
  readSettings,
  settingsPayload,
  STRATEGY_PROFILE_MESSAGES as M,
  STRATEGY_PROFILE_UI,
  STRATEGY_WIZARD_UI,
  validateStrategySettings,
  WIZARD_STEPS,
  type NamedRef,
  type StrategySettings,
  type WizardStepKey,
} from '@console/contracts';
import { useApiClient, useAuthState } from '../../../api/context';
import { HttpError, normaliseError } from '../../../api/errors';
import { FullScreenLoader } from '../../../ui/FullScreenLoader';
import { PageTitle } from '../../../ui/PageTitle';
import { createStrategyProfile } from '../api/create-strategy-profile';
import { useSaveStrategyProfile, useSaveStrategySettings, useStrategyProfile, useStrategySettings } from '../api/get-strategy-profile';
import { setFieldErrors } from '../wizard/fields';
import { SettingsSummary } from '../wizard/SettingsSummary';
import { StepFields } from '../wizard/StepFields';
import { TemplateToggle } from '../wizard/TemplateToggle';
import {
  blankForm,
  blocksToSave,
  fromForm,
  nextStep,
  previousStep,
  priceDirectionOf,
  profileFieldsOf,
  profileStepErrors,
  serverFieldErrors,
  startingStep,
  stepCaption,
  stepErrors,
  STEP_KEYS,
  stepsThrough,
  toForm,
  type WizardFormValues,
} from '../wizard/wizard-model';

type Area = 'profile' | 'settings' | 'submit';

/**
 * The 8-step wizard: each Next checks the step with the contracts' rules and saves
 * it (the profile's fields, or the settings document so far), so a draft resumes where it was left.
 */
export function StrategyWizardPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(STRATEGY_PROFILE_UI.wizardProfileParam);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const client = useApiClient();
  const { user } = useAuthState();
  const tickerListsReadable = permOf(user?.group, 'tickers_configs').status !== 'NP';
  const profile = useStrategyProfile(id);
  const settings = useStrategySettings(id);
  const saveProfile = useSaveStrategyProfile();
  const saveSettings = useSaveStrategySettings();
  const form = useForm<WizardFormValues>({ defaultValues: { ...blankForm(), profile: profileFieldsOf(undefined) } });
  const [step, setStep] = useState<WizardStepKey | null>(id === null ? 'profile' : null);
  const [stored, setStored] = useState<string[]>([]);
  const [template, setTemplate] = useState<NamedRef | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Area, string>>>({});
  const [busy, setBusy] = useState(false);
  const loaded = useRef<number | null>(null);

  // A resumed draft: its values into the form once, and the step its data reaches.
  useEffect(() => {
    if (id === null || loaded.current === id || !profile.data || !settings.data) return;
    loaded.current = id;
    const doc = settings.data.settings ?? {};
    form.reset({ ...toForm(doc), profile: profileFieldsOf(profile.data) });
    setStored(Object.keys(doc));
    setStep(startingStep(profile.data, doc));
  }, [id, profile.data, settings.data, form]);

  const loadError = profile.error ?? settings.error;
  if (id !== null && loadError && step === null) {
    return (
      <>
        <PageTitle>{STRATEGY_WIZARD_UI.title}</PageTitle>
        <Alert severity="error">{normaliseError(loadError)}</Alert>
      </>
    );
  }
  if (step === null) return <FullScreenLoader />;

  /** Messages under their fields; one that names no field of the form goes to the area's alert. */
  const showErrors = (area: Area, found: Record<string, string>) => {
    const unplaced = setFieldErrors(form, found);
    if (unplaced.length) setErrors({ [area]: unplaced.join(' ') });
    return Object.keys(found).length > 0;
  };
  const fail = (area: Area, e: unknown) => {
    const { fields, rest } = e instanceof HttpError && e.status === 400 ? serverFieldErrors(e.body) : { fields: {}, rest: [normaliseError(e)] };
    const shown = [...rest, ...setFieldErrors(form, fields)];
    setErrors({ [area]: shown.length ? shown.join(' ') : Object.keys(fields).length ? undefined : normaliseError(e) });
  };
  const direction = () => priceDirectionOf(form.getValues());

  const pickTemplate = async (picked: NamedRef | null) => {
    setTemplate(picked);
    if (!picked) return;
    try {
      const answer = await client.get<StrategySettings>(API_PATHS.strategySettings(picked.id));
      form.reset({ ...toForm(answer.settings), profile: form.getValues('profile') });
      setStored((blocks) => [...new Set([...blocks, ...Object.keys(answer.settings ?? {})])]);
    } catch (e) {
      fail('settings', e);
    }
  };

  /** Saves the step; a new profile is made as a draft by the first. */
  const save = async (current: WizardStepKey) => {
    const values = form.getValues();
    if (current === 'profile') {
      const p = values.profile;
      const body = { title: p.title.trim(), mm_profile: p.mm_profile!.id, tickers: Number(p.tickers) };
      if (id === null) {
        const created = await createStrategyProfile(client, { ...body, template: template?.id ?? null });
        loaded.current = created.id;
        setParams({ [STRATEGY_PROFILE_UI.wizardProfileParam]: String(created.id) }, { replace: true });
      } else {
        await saveProfile.mutateAsync({ id, body });
      }
      return;
    }
    const blocks = blocksToSave(stored, stepsThrough(current));
    await saveSettings.mutateAsync({ id: id!, settings: settingsPayload(fromForm(values, blocks)) });
    setStored(blocks);
  };

  const next = async () => {
    const values = form.getValues();
    const area = step === 'profile' ? 'profile' : 'settings';
    if (showErrors(area, step === 'profile' ? profileStepErrors(values.profile) : stepErrors(step, values))) return;
    setBusy(true);
    setErrors({});
    try {
      await save(step);
      setStep(nextStep(step, direction()));
    } catch (e) {
      fail(area, e);
    } finally {
      setBusy(false);
    }
  };

  /** Finish: the whole document saved, then the draft made inactive; back to the list. */
  const finish = async () => {
    const values = form.getValues();
    const doc = fromForm(values);
    const p = profile.data;
    const complete = p?.title && p.mm_profile && p.tickers != null && Object.keys(validateStrategySettings(normalizeSettings(doc))).length === 0;
    if (!complete || id === null) return setErrors({ submit: M.incomplete });
    setBusy(true);
    setErrors({});
    try {
      await saveSettings.mutateAsync({ id, settings: settingsPayload(doc) });
      await saveProfile.mutateAsync({ id, body: { status: 'inactive' } });
      navigate(PATHS.strategyProfilesStrategy);
    } catch (e) {
      fail('submit', e);
      setBusy(false);
    }
  };

  const index = STEP_KEYS.indexOf(step);
  return (
    <>
      <PageTitle>{profile.data?.title || STRATEGY_WIZARD_UI.title}</PageTitle>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Box>
              <Typography variant="overline" color="text.secondary" data-testid="wizard-step-of">
                {stepCaption(step)}
              </Typography>
              <Typography variant="h6" component="h2">
                {WIZARD_STEPS[index].label}
              </Typography>
            </Box>
            {step !== 'summary' && <TemplateToggle template={template} onPick={(picked) => void pickTemplate(picked)} excludeId={id} />}
          </Box>
          <LinearProgress variant="determinate" value={((index + 1) / STEP_KEYS.length) * 100} aria-hidden />
          {errors.profile && <Alert severity="error">{errors.profile}</Alert>}
          {(errors.settings || (settings.error && step !== 'profile')) && <Alert severity="error">{errors.settings ?? normaliseError(settings.error)}</Alert>}
          {step === 'summary' ? (
            <SettingsSummary profile={profile.data ?? {}} settings={readSettings(settingsPayload(fromForm(form.getValues())))} tickerLink={tickerListsReadable} />
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void next();
              }}
              id="wizard-step-form"
              style={{ paddingTop: 8 }}
            >
              <StepFields step={step} form={form} tickerListsReadable={tickerListsReadable} />
            </form>
          )}
          {errors.submit && <Alert severity="error">{errors.submit}</Alert>}
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button onClick={() => navigate(PATHS.strategyProfilesStrategy)}>Cancel</Button>
              <Button variant="outlined" disabled={index === 0 || busy} onClick={() => setStep(previousStep(step, direction()))}>
                Back
              </Button>
            </Box>
            {step === 'summary' ? (
              <Button variant="contained" disabled={busy} onClick={() => void finish()}>
                Finish
              </Button>
            ) : (
              <Button variant="contained" type="submit" form="wizard-step-form" disabled={busy}>
                Next
              </Button>
            )}
          </Box>
        </Stack>
      </Paper>
    </>
  );
}
