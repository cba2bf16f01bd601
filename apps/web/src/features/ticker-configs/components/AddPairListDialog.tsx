import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { TICKER_CONFIG_MESSAGES, TICKER_CONFIG_TARGET_STATUSES, TICKER_CONFIG_TITLE_MAX, TICKER_CONFIG_UI, type PairOption } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateTickerConfig, type TickerConfigTargetStatus } from '../api/save-ticker-config';
import { mergePairs, pairsFromPaste } from './ticker-rules';

interface AddPairListValues {
  title: string;
  pairs: PairOption[];
  status: TickerConfigTargetStatus | '';
}

/** 'Add Pair List Form': Title, Tickers (picked or pasted), Status; new lists are inactive unless said. */
export function AddPairListDialog({ activePairs, onClose }: { activePairs: readonly PairOption[]; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateTickerConfig();
  const { control, register, handleSubmit, formState } = useForm<AddPairListValues>({ defaultValues: { title: '', pairs: [], status: 'inactive' } });

  const submit = handleSubmit(async ({ title, pairs, status }) => {
    try {
      await create.mutateAsync({ title: title.trim(), pairs: pairs.map((pair) => pair.id), status: status || 'inactive' });
      onClose();
    } catch (e) {
      toast.error(normaliseError(e));
    }
  });

  return (
    <FormDialog title={TICKER_CONFIG_UI.addFormTitle} onClose={onClose} onSubmit={submit} submitLabel="Save" submitting={formState.isSubmitting} maxWidth="sm">
      <Stack spacing={1} sx={{ pt: 1 }}>
        <TextField
          label="Title"
          {...register('title', {
            validate: (value) => value.trim() !== '' || TICKER_CONFIG_MESSAGES.titleBlank,
            maxLength: { value: TICKER_CONFIG_TITLE_MAX, message: TICKER_CONFIG_MESSAGES.titleTooLong },
          })}
          {...fieldErrorProps(formState.errors.title)}
        />
        <Controller
          control={control}
          name="pairs"
          render={({ field }) => (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={activePairs}
              value={field.value}
              onChange={(_, value) => field.onChange(value)}
              getOptionLabel={(pair) => pair.ticker}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              slotProps={{ listbox: { style: { maxHeight: TICKER_CONFIG_UI.tickerDropdownMaxHeightPx } } }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Tickers"
                  helperText="Pick tickers or paste a list"
                  onPaste={(event) => {
                    event.preventDefault();
                    field.onChange(mergePairs(field.value, pairsFromPaste(event.clipboardData.getData('text'), activePairs)));
                  }}
                />
              )}
            />
          )}
        />
        <TextField
          select
          label="Status"
          defaultValue="inactive"
          {...register('status', { required: TICKER_CONFIG_MESSAGES.statusRequired })}
          {...fieldErrorProps(formState.errors.status)}
        >
          {TICKER_CONFIG_TARGET_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {status}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
