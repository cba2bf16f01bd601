import { Box, FormControlLabel, FormHelperText, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { isSingleCaseType, OPP_ATR_RANGES, SINGLE_CASE_TYPES, STRATEGY_WIZARD_UI } from '@console/contracts';
import { FieldGrid, NumberInput, SelectInput, SwitchInput, type TextPath, type WizardForm } from './fields';
import { TIMEFRAME_OPTIONS } from './KeyParametersStep';

/** Indications: OPP and LE, each with inputs disabled until it is on; switching off clears them. */
export function IndicationsStep({ form }: { form: WizardForm }) {
  const entries = useWatch({ control: form.control, name: 'indications_settings' });
  const clear = (fields: TextPath[]) => (on: boolean) => {
    if (on) return;
    for (const field of fields) form.setValue(field, '');
    form.clearErrors(fields);
  };
  return (
    <Stack spacing={2}>
      {entries.map((entry, i) => {
        const opp = `indications_settings.${i}.opp_settings` as const;
        const le = `indications_settings.${i}.le_settings` as const;
        const oppOn = entry.opp_settings.is_enabled;
        const leOn = entry.le_settings.is_enabled;
        const oppTimeframe = entry.opp_settings.timeframe;
        const range = oppTimeframe ? OPP_ATR_RANGES[oppTimeframe] : undefined;
        return (
          <Stack key={i} spacing={1}>
            <SwitchInput form={form} name={`${opp}.is_enabled`} label="OPP" onValue={clear([`${opp}.timeframe`, `${opp}.opp_sp`, `${opp}.opp_atr_t_percent`])} />
            <FieldGrid>
              <SelectInput form={form} name={`${opp}.timeframe`} label="OPP-TF" disabled={!oppOn} options={TIMEFRAME_OPTIONS} />
              <NumberInput form={form} name={`${opp}.opp_sp`} label="OPP-SP" disabled={!oppOn} />
              <NumberInput form={form} name={`${opp}.opp_atr_t_percent`} label={range ? `OPP-ATR (${range[0]}-${range[1]})` : 'OPP-ATR'} disabled={!oppOn} />
            </FieldGrid>
            <SwitchInput form={form} name={`${le}.is_enabled`} label="LE" onValue={clear([`${le}.timeframe`, `${le}.periods_amount`])} />
            <FieldGrid>
              <SelectInput form={form} name={`${le}.timeframe`} label="LE-TF" disabled={!leOn} options={TIMEFRAME_OPTIONS} />
              <NumberInput form={form} name={`${le}.periods_amount`} label="LE-Periods" disabled={!leOn} />
            </FieldGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

export function DeviationStep({ form }: { form: WizardForm }) {
  return (
    <FieldGrid>
      <NumberInput form={form} name="deviation_settings.limit_funding_rate" label="Limit funding rate" />
      <NumberInput form={form} name="deviation_settings.limit_price_deviation" label="Limit price deviation" />
    </FieldGrid>
  );
}

export function MonitoringStep({ form }: { form: WizardForm }) {
  return (
    <Stack>
      <SwitchInput form={form} name="monitoring_tag_settings.block_signals" label="Monitoring tag: block signals" />
      <SwitchInput form={form} name="delisting_settings.block_signals" label="Delisting: block signals" />
    </Stack>
  );
}

const SC = 'single_cases_settings';

/** Single cases: the quantity shows once a type is picked, the MM percent for SC-MM only. */
export function SingleCasesStep({ form }: { form: WizardForm }) {
  const block = useWatch({ control: form.control, name: SC });
  const typeError = form.formState.errors.single_cases_settings?.sc_type;
  return (
    <Stack spacing={1}>
      <SwitchInput form={form} name={`${SC}.is_enabled`} label="Single cases" />
      {block.is_enabled && (
        <Box>
          <RadioGroup
            row
            aria-label="Single case type"
            value={block.sc_type}
            onChange={(event) => {
              if (isSingleCaseType(event.target.value)) form.setValue(`${SC}.sc_type`, event.target.value);
              form.clearErrors(`${SC}.sc_type`);
            }}
          >
            {SINGLE_CASE_TYPES.map((type) => (
              <FormControlLabel key={type} value={type} control={<Radio size="small" />} label={STRATEGY_WIZARD_UI.scTypeLabels[type]} />
            ))}
          </RadioGroup>
          {typeError?.message && <FormHelperText error>{typeError.message}</FormHelperText>}
        </Box>
      )}
      {block.is_enabled && !!block.sc_type && (
        <FieldGrid>
          <NumberInput form={form} name={`${SC}.signals_quantity`} label="Signals quantity" />
          {block.sc_type === 'sc_mm_decrease' && <NumberInput form={form} name={`${SC}.mm_percent`} label="MM percent" />}
        </FieldGrid>
      )}
      {!block.is_enabled && (
        <Typography variant="body2" color="text.secondary">
          Off: signals are not changed by single cases.
        </Typography>
      )}
    </Stack>
  );
}
