import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  API_PATHS,
  normalizeSettings,
  PATHS,
  settingsPayload,
  STRATEGY_PROFILE_MESSAGES as M,
  STRATEGY_PROFILE_UI,
  validateStrategySettings,
  type NamedRef,
  type StrategySettings,
  type WizardStepKey,
} from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { createStrategyProfile } from '../api/create-strategy-profile';
import { useSaveStrategyProfile, useSaveStrategySettings, useStrategyProfile, useStrategySettings } from '../api/get-strategy-profile';
import { useWizardErrors } from './use-wizard-errors';
import {
  blankForm,
  blocksToSave,
  fromForm,
  nextStep,
  priceDirectionOf,
  profileFieldsOf,
  profileStepErrors,
  startingStep,
  stepErrors,
  stepsThrough,
  toForm,
  type WizardFormValues,
} from './wizard-model';

/**
 * The wizard's state and steps: each Next checks the step with the contracts' rules and saves it (the
 * profile's fields, or the settings document so far), so a draft resumes where it was left.
 */
export function useStrategyWizard() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(STRATEGY_PROFILE_UI.wizardProfileParam);
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const navigate = useNavigate();
  const client = useApiClient();
  const profile = useStrategyProfile(id);
  const settings = useStrategySettings(id);
  const saveProfile = useSaveStrategyProfile();
  const saveSettings = useSaveStrategySettings();
  const form = useForm<WizardFormValues>({ defaultValues: { ...blankForm(), profile: profileFieldsOf(undefined) } });
  const [step, setStep] = useState<WizardStepKey | null>(id === null ? 'profile' : null);
  const [stored, setStored] = useState<string[]>([]);
  const [template, setTemplate] = useState<NamedRef | null>(null);
  const { errors, setErrors, showErrors, fail } = useWizardErrors(form);
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

  const next = async (current: WizardStepKey) => {
    const values = form.getValues();
    const area = current === 'profile' ? 'profile' : 'settings';
    if (showErrors(area, current === 'profile' ? profileStepErrors(values.profile) : stepErrors(current, values))) return;
    setBusy(true);
    setErrors({});
    try {
      await save(current);
      setStep(nextStep(current, direction()));
    } catch (e) {
      fail(area, e);
    } finally {
      setBusy(false);
    }
  };

  /** Finish: the whole document saved, then the draft made inactive; back to the list. */
  const finish = async () => {
    const doc = fromForm(form.getValues());
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

  return { id, profile, settings, form, step, setStep, template, errors, busy, direction, pickTemplate, next, finish };
}
