import { Stack } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { ATR_SMOOTH_ALGOS, STRATEGY_WIZARD_UI, TIMEFRAMES } from '@console/contracts';
import { FieldGrid, NumberInput, SelectInput, SwitchInput, type WizardForm } from './fields';

const S = 'signal_settings';
export const TIMEFRAME_OPTIONS = TIMEFRAMES.map((tf) => [tf, STRATEGY_WIZARD_UI.timeframeLabels[tf]] as const);
const DIRECTION_OPTIONS = [
  ['grow', 'Grow (long)'],
  ['fall', 'Fall (short)'],
] as const;
const ALGO_OPTIONS = ATR_SMOOTH_ALGOS.map((algo) => [algo, algo.toUpperCase()] as const);
const ATR_TYPE_OPTIONS = [
  ['gte', '≥ (gte)'],
  ['lte', '≤ (lte)'],
  ['rng', 'Range'],
] as const;

/** Key parameters: the signal block, with the ATR-1 toggle and the second range. */
export function KeyParametersStep({ form }: { form: WizardForm }) {
  const atrOn = useWatch({ control: form.control, name: `${S}.is_atr_minus_1` }) === true;
  const secondOn = useWatch({ control: form.control, name: `${S}.enable_sec_atr` }) === true;

  // Either way the toggle goes, ATR-1 starts again at gte and 0, without a second range.
  const toggleAtr = () => {
    form.setValue(`${S}.atr_minus_1_type`, 'gte');
    form.setValue(`${S}.atr_minus_1_value`, '0');
    form.setValue(`${S}.enable_sec_atr`, false);
    form.setValue(`${S}.atr_minus_2_value`, '');
    form.clearErrors([`${S}.atr_minus_1_value`, `${S}.atr_minus_2_value`]);
  };
  // A second range makes the pair a range: the first is gte, the second lte.
  const toggleSecond = (on: boolean) => {
    form.setValue(`${S}.atr_minus_1_type`, 'gte');
    form.setValue(`${S}.atr_minus_2_type`, 'lte');
    if (!on) form.setValue(`${S}.atr_minus_2_value`, '');
    form.clearErrors(`${S}.atr_minus_2_value`);
  };

  return (
    <Stack spacing={1}>
      <FieldGrid>
        <SelectInput form={form} name={`${S}.timeframe`} label="Working time frame" options={TIMEFRAME_OPTIONS} />
        <SelectInput form={form} name={`${S}.price_direction`} label="Price direction" options={DIRECTION_OPTIONS} />
        <NumberInput form={form} name={`${S}.start_point_coefficient`} label="Start coefficient" />
        <NumberInput form={form} name={`${S}.timer_minutes`} label="ROC timer (min)" />
        <NumberInput form={form} name={`${S}.atr_threshold_percents`} label="ATR threshold (%)" />
        <SelectInput form={form} name={`${S}.atr_smooth_algo`} label="Smoothing algorithm" options={ALGO_OPTIONS} />
        <NumberInput form={form} name={`${S}.atr_n_periods`} label="N-periods" />
        <NumberInput form={form} name={`${S}.signal_duration_minutes`} label="Signal max duration (min)" />
        <NumberInput form={form} name={`${S}.revert_threshold`} label="Revert threshold" />
        <NumberInput form={form} name={`${S}.tr_in_atr_threshold`} label="TR-in-ATR threshold" />
      </FieldGrid>
      <SwitchInput form={form} name={`${S}.is_atr_minus_1`} label="ATR-1" onValue={toggleAtr} />
      {atrOn && (
        <FieldGrid>
          <SelectInput form={form} name={`${S}.atr_minus_1_type`} label="ATR-1 type" disabled={secondOn} options={secondOn ? ATR_TYPE_OPTIONS.slice(0, 1) : ATR_TYPE_OPTIONS.slice(0, 2)} />
          <NumberInput form={form} name={`${S}.atr_minus_1_value`} label="ATR-1 value" />
        </FieldGrid>
      )}
      {atrOn && <SwitchInput form={form} name={`${S}.enable_sec_atr`} label="Second ATR range" onValue={toggleSecond} />}
      {atrOn && secondOn && (
        <FieldGrid>
          <SelectInput form={form} name={`${S}.atr_minus_2_type`} label="ATR-2 type" disabled options={ATR_TYPE_OPTIONS.slice(1, 2)} />
          <NumberInput form={form} name={`${S}.atr_minus_2_value`} label="ATR-2 value" />
        </FieldGrid>
      )}
    </Stack>
  );
}
