import { Alert, Autocomplete, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { Controller, get } from 'react-hook-form';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useMmProfileOptions, useTickerListOptions } from '../api/get-strategy-profile';
import { SelectInput, TextInput, type WizardForm } from './fields';

/** Profile settings: name, MM profile (searched) and ticker list, each with its load error in its own area. */
export function ProfileStep({ form, tickerListsReadable }: { form: WizardForm; tickerListsReadable: boolean }) {
  const [search, setSearch] = useState('');
  const mmProfiles = useMmProfileOptions(search);
  const tickerLists = useTickerListOptions(tickerListsReadable);
  const tickerOptions = (tickerLists.data?.results ?? []).map((list) => [String(list.id), list.title] as const);
  return (
    <Stack spacing={1} sx={{ maxWidth: 480 }}>
      <TextInput form={form} name="profile.title" label="Strategy profile name" />
      {mmProfiles.error && <Alert severity="error">MM profiles: {normaliseError(mmProfiles.error)}</Alert>}
      <Controller
        control={form.control}
        name="profile.mm_profile"
        render={({ field }) => (
          <Autocomplete
            options={mmProfiles.data?.results ?? []}
            value={(field.value as { id: number; title: string } | null) ?? null}
            getOptionLabel={(option) => option.title || `#${option.id}`}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            filterOptions={(options) => options}
            loading={mmProfiles.isFetching}
            onInputChange={(_, text, reason) => reason === 'input' && setSearch(text)}
            onChange={(_, value) => {
              field.onChange(value);
              form.clearErrors('profile.mm_profile');
            }}
            renderInput={(params) => <TextField {...params} size="small" label="MM profile" inputRef={field.ref} {...fieldErrorProps(get(form.formState.errors, 'profile.mm_profile'))} />}
          />
        )}
      />
      {tickerLists.error && <Alert severity="error">Ticker lists: {normaliseError(tickerLists.error)}</Alert>}
      {!tickerListsReadable && <Alert severity="info">Ticker lists are not open to your group: the profile keeps the list it has.</Alert>}
      <SelectInput form={form} name="profile.tickers" label="Tickers list" options={tickerOptions} />
    </Stack>
  );
}
