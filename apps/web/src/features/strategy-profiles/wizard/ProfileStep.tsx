import { Alert, Stack } from '@mui/material';
import { Controller, get } from 'react-hook-form';
import { useApiClient } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { PagingPicker } from '../../../ui/picker/PagingPicker';
import { mmProfileOptionSource, useTickerListOptions } from '../api/get-strategy-profile';
import { SelectInput, TextInput, type WizardForm } from './fields';

/** Profile settings: name, MM profile (searched) and ticker list, each with its load error in its own area. */
export function ProfileStep({ form, tickerListsReadable }: { form: WizardForm; tickerListsReadable: boolean }) {
  const client = useApiClient();
  const tickerLists = useTickerListOptions(tickerListsReadable);
  const tickerOptions = (tickerLists.data?.results ?? []).map((list) => [String(list.id), list.title] as const);
  return (
    <Stack spacing={1} sx={{ maxWidth: 480 }}>
      <TextInput form={form} name="profile.title" label="Strategy profile name" />
      <Controller
        control={form.control}
        name="profile.mm_profile"
        render={({ field }) => {
          const picked = field.value;
          return (
            <PagingPicker
              {...mmProfileOptionSource(client)}
              label="MM profile"
              value={picked?.id ?? null}
              known={picked ? [{ id: picked.id, label: picked.title }] : []}
              onChange={(option) => {
                field.onChange(option ? { id: option.id, title: option.label } : null);
                form.clearErrors('profile.mm_profile');
              }}
              inputProps={{ inputRef: field.ref, ...fieldErrorProps(get(form.formState.errors, 'profile.mm_profile')) }}
              testId="mm-profile-picker"
            />
          );
        }}
      />
      {tickerLists.error && <Alert severity="error">Ticker lists: {normaliseError(tickerLists.error)}</Alert>}
      {!tickerListsReadable && <Alert severity="info">Ticker lists are not open to your group: the profile keeps the list it has.</Alert>}
      <SelectInput form={form} name="profile.tickers" label="Tickers list" options={tickerOptions} />
    </Stack>
  );
}
