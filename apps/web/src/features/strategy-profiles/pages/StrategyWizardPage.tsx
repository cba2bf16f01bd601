import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { PATHS, permOf, readSettings, settingsPayload, STRATEGY_WIZARD_UI, WIZARD_STEPS } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { FullScreenLoader } from '../../../ui/FullScreenLoader';
import { PageTitle } from '../../../ui/PageTitle';
import { SettingsSummary } from '../wizard/SettingsSummary';
import { StepFields } from '../wizard/StepFields';
import { TemplateToggle } from '../wizard/TemplateToggle';
import { useStrategyWizard } from '../wizard/use-strategy-wizard';
import { fromForm, previousStep, stepCaption, STEP_KEYS } from '../wizard/wizard-model';

/** The 8-step wizard (use-strategy-wizard.ts holds its steps and saves). */
export function StrategyWizardPage() {
  const navigate = useNavigate();
  const { user } = useAuthState();
  const tickerListsReadable = permOf(user?.group, 'tickers_configs').status !== 'NP';
  const { id, profile, settings, form, step, setStep, template, errors, busy, direction, pickTemplate, next, finish } = useStrategyWizard();

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
                void next(step);
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
