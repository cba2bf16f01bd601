import { Alert, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { BACKTEST_LIMITS, BACKTEST_MARKETS, BACKTEST_MESSAGES, type BacktestMarket } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import { pairSource, strategyProfileSource } from '../../../ui/picker/option-sources';
import type { BacktestRequest } from '../api/create-backtest';
import { StoreCoverage } from './StoreCoverage';

export interface NewBacktestValues {
  profile_id: number | null;
  pairs: number[];
  market: BacktestMarket;
  seed: string;
  date_from: string;
  date_until: string;
  deposit: string;
  fee_rate: string;
  slippage_rate: string;
}

const DAY_MS = 86_400_000;
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** A quarter ending today, on the model, with a round deposit: a run that shows something at once. */
export function newBacktestDefaults(now = Date.now()): NewBacktestValues {
  return { profile_id: null, pairs: [], market: 'model', seed: '1', date_from: isoDay(now - 90 * DAY_MS), date_until: isoDay(now), deposit: '10000', fee_rate: '', slippage_rate: '' };
}

/** The request from the form: an empty pair list means the profile's pairs, an empty rate the paper venue's. */
export function backtestRequestOf(values: NewBacktestValues): BacktestRequest {
  return {
    profile_id: values.profile_id ?? 0,
    pairs: values.pairs.length ? values.pairs : undefined,
    market: values.market,
    seed: values.market === 'model' ? Number(values.seed) : undefined,
    date_from: values.date_from,
    date_until: values.date_until,
    deposit: values.deposit,
    fee_rate: values.fee_rate.trim() || undefined,
    slippage_rate: values.slippage_rate.trim() || undefined,
  };
}

const RATE_RULES = {
  validate: (text: string) => !text.trim() || (Number(text) >= 0 && Number(text) <= BACKTEST_LIMITS.maxRate) || BACKTEST_MESSAGES.rateTooHigh,
};

/**
 * New backtest: a strategy profile (drafts too), its pairs unless others are picked, the market with its
 * seed, the period, the deposit and the rates. The API checks each value again and its refusal shows here.
 */
export function NewBacktestDialog({ onClose, onSubmit }: { onClose: () => void; onSubmit: (request: BacktestRequest) => Promise<unknown> }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  // The picked pairs' symbols, for the store's coverage (the form holds their ids).
  const [pairSymbols, setPairSymbols] = useState<string[]>([]);
  const { control, register, handleSubmit, formState } = useForm<NewBacktestValues>({ defaultValues: newBacktestDefaults() });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await onSubmit(backtestRequestOf(values));
      onClose();
    } catch (e) {
      setRefusal(normaliseError(e));
    }
  });

  return (
    <FormDialog title="New backtest" onClose={onClose} onSubmit={submit} submitLabel="Run" submitting={isSubmitting} maxWidth="sm">
      <Stack spacing={1} sx={{ pt: 1 }}>
        {refusal && (
          <Alert severity="error" data-testid="backtest-form-error">
            {refusal}
          </Alert>
        )}
        <ProfileAndPairsFields control={control} onPairSymbols={setPairSymbols} />
        <MarketAndPeriodFields control={control} register={register} errors={errors} />
        <CoverageWhenStore control={control} pairSymbols={pairSymbols} />
        <DepositAndRateFields register={register} errors={errors} />
      </Stack>
    </FormDialog>
  );
}

interface FieldsProps {
  register: UseFormRegister<NewBacktestValues>;
  errors: FieldErrors<NewBacktestValues>;
}

/** The strategy profile and the pairs (empty: the profile's). */
function ProfileAndPairsFields({ control, onPairSymbols }: { control: Control<NewBacktestValues>; onPairSymbols: (symbols: string[]) => void }) {
  const client = useApiClient();
  return (
    <>
      <Controller
        name="profile_id"
        control={control}
        rules={{ validate: (id) => id !== null || BACKTEST_MESSAGES.profileNotFound }}
        render={({ field, fieldState }) => (
          <PagingPicker
            {...strategyProfileSource(client)}
            label="Strategy profile"
            value={field.value}
            onChange={(option) => field.onChange(option?.id ?? null)}
            inputProps={fieldErrorProps(fieldState.error)}
            testId="backtest-profile"
          />
        )}
      />
      <Controller
        name="pairs"
        control={control}
        rules={{ validate: (ids) => ids.length <= BACKTEST_LIMITS.maxPairs || BACKTEST_MESSAGES.tooManyPairs }}
        render={({ field, fieldState }) => (
          <PagingPicker
            {...pairSource(client)}
            multiple
            label="Pairs"
            placeholder="The profile's pairs"
            value={field.value}
            onChange={(options) => {
              field.onChange(options.map((o) => o.id));
              onPairSymbols(options.map((o) => o.label));
            }}
            inputProps={{ ...fieldErrorProps(fieldState.error), helperText: fieldState.error?.message ?? "Empty: the profile's pairs" }}
            testId="backtest-pairs"
          />
        )}
      />
    </>
  );
}

/** The market (with the model's seed) and the period. */
function MarketAndPeriodFields({ control, register, errors }: FieldsProps & { control: Control<NewBacktestValues> }) {
  const market = useWatch({ control, name: 'market' });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Controller
          name="market"
          control={control}
          render={({ field }) => (
            <TextField select fullWidth label="Market" {...field} helperText={field.value === 'model' ? 'The seeded market model' : 'Stored candles'} slotProps={{ htmlInput: { 'data-testid': 'backtest-market' } }}>
              {BACKTEST_MARKETS.map((m) => (
                <MenuItem key={m} value={m}>
                  {m}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {market === 'model' && (
          <TextField
            fullWidth
            label="Seed"
            {...register('seed', { validate: (text) => (/^\d+$/.test(text) && Number(text) <= BACKTEST_LIMITS.maxSeed) || BACKTEST_MESSAGES.seedRequired })}
            {...fieldErrorProps(errors.seed)}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'backtest-seed' } }}
          />
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField fullWidth type="date" label="From" {...register('date_from', { required: BACKTEST_MESSAGES.emptyPeriod })} {...fieldErrorProps(errors.date_from)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'backtest-date-from' } }} />
        <TextField
          fullWidth
          type="date"
          label="Until (excluded)"
          {...register('date_until', { validate: (until, values) => (!!until && until > values.date_from) || BACKTEST_MESSAGES.emptyPeriod })}
          {...fieldErrorProps(errors.date_until)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'backtest-date-until' } }}
        />
      </Stack>
    </>
  );
}

/** On the store market, what the store holds of the pairs. */
function CoverageWhenStore({ control, pairSymbols }: { control: Control<NewBacktestValues>; pairSymbols: string[] }) {
  const [market, profileId] = useWatch({ control, name: ['market', 'profile_id'] });
  return market === 'store' ? <StoreCoverage profileId={profileId} pairSymbols={pairSymbols} /> : null;
}

/** The deposit and the two rates (empty: the paper venue's). */
function DepositAndRateFields({ register, errors }: FieldsProps) {
  const rate = (name: 'fee_rate' | 'slippage_rate', label: string, testId: string) => (
    <TextField
      fullWidth
      label={label}
      placeholder="Paper venue's"
      {...register(name, RATE_RULES)}
      error={!!errors[name]}
      helperText={errors[name]?.message ?? "Share of the price; empty: the paper venue's"}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': testId } }}
    />
  );
  return (
    <>
      <TextField
        label="Deposit, USD"
        {...register('deposit', { validate: (text) => (Number(text) >= BACKTEST_LIMITS.minDeposit && Number(text) <= BACKTEST_LIMITS.maxDeposit) || BACKTEST_MESSAGES.depositOutOfRange })}
        {...fieldErrorProps(errors.deposit)}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'backtest-deposit' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {rate('fee_rate', 'Fee rate', 'backtest-fee-rate')}
        {rate('slippage_rate', 'Slippage rate', 'backtest-slippage-rate')}
      </Stack>
    </>
  );
}
