import { Alert, MenuItem, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import {
  API_TOKEN_LIMITS, API_TOKEN_MESSAGES, API_TOKEN_UI, apiTokenLevelsWithin, defaultApiTokenPerms, levelOf, SECTION_DISPLAY_NAMES, SECTIONS,
  type CreateApiToken, type CreatedApiToken, type CurrentUser, type Level, type SectionName,
} from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { fieldErrorProps } from '../../../ui/form/field-error';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_EXPIRY_DAYS = 90;

interface TokenForm {
  name: string;
  /** A day (YYYY-MM-DD): the token lasts to the end of it, local time. */
  expires_on: string;
  levels: Record<SectionName, Level>;
}

const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const endOfDay = (day: string) => new Date(`${day}T23:59:59`);

/**
 * 'Create token': a name, the last day, and a level per section the user's group opens, each no higher than
 * the group's own (the same rule the API applies); by default read only wherever the user reads.
 */
export function CreateApiTokenDialog({ user, onCreate, onCreated, onClose }: {
  user: CurrentUser;
  onCreate: (body: CreateApiToken) => Promise<CreatedApiToken>;
  onCreated: (token: CreatedApiToken) => void;
  onClose: () => void;
}) {
  const group = user.group;
  const sections = SECTIONS.map((section) => ({ section, levels: apiTokenLevelsWithin(section, levelOf(group, section)) })).filter((s) => s.levels.length > 1);
  const defaults = new Map(defaultApiTokenPerms(group ?? { perms: [] }).map((p) => [p.section_name, p.status]));
  const [error, setError] = useState<string | null>(null);
  // The last day the API takes: at most maxExpiryDays from now, counting to the end of that day.
  const [today] = useState(() => Date.now());
  const lastDay = dayOf(today + (API_TOKEN_LIMITS.maxExpiryDays - 1) * DAY_MS);
  const { register, control, handleSubmit, formState } = useForm<TokenForm>({
    defaultValues: {
      name: '',
      expires_on: dayOf(today + DEFAULT_EXPIRY_DAYS * DAY_MS),
      levels: Object.fromEntries(sections.map(({ section }) => [section, defaults.get(section) ?? 'NP'])) as Record<SectionName, Level>,
    },
  });

  async function submit(values: TokenForm) {
    setError(null);
    try {
      const perms = sections.map(({ section }) => ({ section_name: section, status: values.levels[section] })).filter((p) => p.status !== 'NP');
      onCreated(await onCreate({ name: values.name.trim(), expires_at: endOfDay(values.expires_on).toISOString(), perms }));
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <FormDialog title={API_TOKEN_UI.create} onClose={onClose} onSubmit={handleSubmit(submit)} submitLabel={API_TOKEN_UI.create} submitting={formState.isSubmitting} maxWidth="sm">
      <TextField
        label={API_TOKEN_UI.name}
        fullWidth
        margin="dense"
        autoFocus
        {...fieldErrorProps(formState.errors.name)}
        {...register('name', {
          validate: (v) => (!v.trim() ? API_TOKEN_MESSAGES.nameBlank : v.trim().length <= API_TOKEN_LIMITS.nameMax || API_TOKEN_MESSAGES.nameTooLong),
        })}
      />
      <TextField
        label={API_TOKEN_UI.expiry}
        type="date"
        fullWidth
        margin="dense"
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dayOf(today), max: lastDay } }}
        {...fieldErrorProps(formState.errors.expires_on)}
        {...register('expires_on', {
          validate: (v) => (!v || endOfDay(v).getTime() <= today ? API_TOKEN_MESSAGES.expiryInvalid : v <= lastDay || API_TOKEN_MESSAGES.expiryTooFar),
        })}
      />
      <TokenLevelsTable control={control} sections={sections} />
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
    </FormDialog>
  );
}

/** A level per section the token may open: at most the group's own level there. */
function TokenLevelsTable({ control, sections }: { control: Control<TokenForm>; sections: readonly { section: SectionName; levels: readonly Level[] }[] }) {
  return (
    <>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {API_TOKEN_UI.levels}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {API_TOKEN_UI.levelsHelp}
      </Typography>
      <TableContainer sx={{ mt: 1, maxHeight: 320 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{API_TOKEN_UI.section}</TableCell>
              <TableCell>{API_TOKEN_UI.level}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sections.map(({ section, levels }) => (
              <TableRow key={section}>
                <TableCell>{SECTION_DISPLAY_NAMES[section]}</TableCell>
                <TableCell>
                  <Controller
                    control={control}
                    name={`levels.${section}`}
                    render={({ field }) => (
                      <TextField
                        select
                        size="small"
                        variant="standard"
                        sx={{ minWidth: 120 }}
                        {...field}
                        slotProps={{ select: { SelectDisplayProps: { 'aria-label': `${SECTION_DISPLAY_NAMES[section]} level` } as object } }}
                      >
                        {levels.map((level) => (
                          <MenuItem key={level} value={level}>
                            {API_TOKEN_UI.levelNames[level]}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
