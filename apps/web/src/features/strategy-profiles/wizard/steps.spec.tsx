import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { SettingsDocument, WizardStepKey } from '@console/contracts';
import { makeApi, makeUser, renderWithApp, signedInState } from '../../../test/fixtures';
import { StepFields } from './StepFields';
import type { WizardForm } from './fields';
import { profileFieldsOf, toForm, type WizardFormValues } from './wizard-model';

/** One step's form, as the wizard and the block editors draw it; the test reads the form's values. */
function renderStep(step: WizardStepKey, settings: SettingsDocument = {}) {
  const ref: { form?: WizardForm } = {};
  function Harness() {
    const form = useForm<WizardFormValues>({ defaultValues: { ...toForm(settings), profile: profileFieldsOf(undefined) } });
    ref.form = form;
    return <StepFields step={step} form={form} tickerListsReadable />;
  }
  renderWithApp(<Harness />, { api: makeApi(signedInState(makeUser())) });
  return () => ref.form!.getValues();
}

describe('Key parameters: the ATR toggles', () => {
  it('ATR-1 starts at gte and 0 whichever way it is switched', async () => {
    const user = userEvent.setup();
    const values = renderStep('signal', { signal_settings: { is_atr_minus_1: false, atr_minus_1_type: 'lte', atr_minus_1_value: 4 } });
    expect(screen.queryByLabelText('ATR-1 value')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'ATR-1' }));
    expect(screen.getByLabelText('ATR-1 value')).toHaveValue('0');
    expect(values().signal_settings).toMatchObject({ is_atr_minus_1: true, atr_minus_1_type: 'gte', atr_minus_1_value: '0' });
    await user.clear(screen.getByLabelText('ATR-1 value'));
    await user.type(screen.getByLabelText('ATR-1 value'), '2.5');
    await user.click(screen.getByRole('switch', { name: 'ATR-1' }));
    expect(values().signal_settings).toMatchObject({ is_atr_minus_1: false, atr_minus_1_type: 'gte', atr_minus_1_value: '0' });
  });

  it('the second range makes the first gte and the second lte, both fixed', async () => {
    const user = userEvent.setup();
    const values = renderStep('signal', { signal_settings: { is_atr_minus_1: true, atr_minus_1_type: 'lte', atr_minus_1_value: 1 } });
    await user.click(screen.getByRole('switch', { name: 'Second ATR range' }));
    expect(values().signal_settings).toMatchObject({ enable_sec_atr: true, atr_minus_1_type: 'gte', atr_minus_2_type: 'lte' });
    expect(screen.getByRole('combobox', { name: 'ATR-1 type' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('combobox', { name: 'ATR-2 type' })).toHaveAttribute('aria-disabled', 'true');
    await user.type(screen.getByLabelText('ATR-2 value'), '3');
    await user.click(screen.getByRole('switch', { name: 'Second ATR range' }));
    expect(screen.queryByLabelText('ATR-2 value')).toBeNull();
    expect(values().signal_settings).toMatchObject({ enable_sec_atr: false, atr_minus_2_value: '' });
  });
});

describe('Order management', () => {
  it('the quantity of orders grows and shrinks the rows', async () => {
    const user = userEvent.setup();
    const values = renderStep('orders', { signal_settings: { price_direction: 'grow' } });
    const quantity = screen.getByLabelText('Quantity of orders');
    await user.type(quantity, '3');
    expect(screen.getAllByTestId('enter_orders-row')).toHaveLength(3);
    await user.type(within(screen.getAllByTestId('enter_orders-row')[0]).getByLabelText('Size (%)'), '40');
    await user.clear(quantity);
    await user.type(quantity, '1');
    expect(screen.getAllByTestId('enter_orders-row')).toHaveLength(1);
    expect(values().order_management_settings.enter_orders).toEqual([{ atr_distance_coefficient: '', size_percent: '40', timer_minutes: '' }]);
    // The future price is a short profile's only.
    expect(screen.queryByLabelText('Future price')).toBeNull();
  });

  it('an exit rule clears the other rule’s rows and quantity', async () => {
    const user = userEvent.setup();
    const values = renderStep('orders', {
      signal_settings: { price_direction: 'fall' },
      order_management_settings: {
        is_exit_rule_by_time_and_distance: true,
        exists_time_quantity: 1,
        exists_distance_quantity: 2,
        exit_timer_coeff_settings: [{ change_exit_timer_minutes: 60, change_exit_coefficient_by_time: 0.5 }],
        exit_d_threshold_settings: [{}, {}],
      },
    });
    expect(screen.getByLabelText('Future price')).toBeInTheDocument();
    expect(screen.getAllByTestId('exit_d_threshold_settings-row')).toHaveLength(2);
    await user.click(screen.getByRole('radio', { name: 'By time' }));
    expect(screen.queryAllByTestId('exit_d_threshold_settings-row')).toHaveLength(0);
    expect(values().order_management_settings).toMatchObject({ exit_mode: 'time', exists_time_quantity: '1', exists_distance_quantity: '', exit_d_threshold_settings: [] });
    await user.click(screen.getByRole('radio', { name: 'None' }));
    expect(values().order_management_settings).toMatchObject({ exists_time_quantity: '', exit_timer_coeff_settings: [] });
    expect(screen.queryByLabelText('Exit quantity by time')).toBeNull();
  });
});

describe('Indications and single cases', () => {
  it('OPP inputs wait for OPP, and switching it off clears them', async () => {
    const user = userEvent.setup();
    const values = renderStep('indications', { indications_settings: [{ opp_settings: { is_enabled: true, timeframe: '1d', opp_sp: 5, opp_atr_t_percent: 10 } }] });
    expect(screen.getByLabelText('OPP-ATR (2-25)')).toBeEnabled();
    expect(screen.getByLabelText('LE-Periods')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'OPP' }));
    await waitFor(() => expect(screen.getByLabelText('OPP-SP')).toBeDisabled());
    expect(values().indications_settings[0].opp_settings).toEqual({ is_enabled: false, timeframe: '', opp_sp: '', opp_atr_t_percent: '' });
  });

  it('shows the quantity once a type is picked, and the MM percent for SC-MM only', async () => {
    const user = userEvent.setup();
    renderStep('singleCases');
    await user.click(screen.getByRole('switch', { name: 'Single cases' }));
    expect(screen.queryByLabelText('Signals quantity')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'SC-Skip' }));
    expect(screen.getByLabelText('Signals quantity')).toBeInTheDocument();
    expect(screen.queryByLabelText('MM percent')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'SC-MM' }));
    expect(screen.getByLabelText('MM percent')).toBeInTheDocument();
  });
});
