import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Button, Divider, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LIMITS, MESSAGES, SCHEDULE_TYPES, SETTINGS_MESSAGES as M, SETTINGS_UI_TEXTS, type InvestorReportSettings, type ScheduleType } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { useToast } from '../../../ui/toast/ToastProvider';
import { createSchedule, deleteSchedule, investorSettingsQuery, saveInvestorSettings, schedulesQuery, settingsKeys } from '../api/settings-api';
import { describeSchedule, localTimeOf, reportTimeRule, withSeconds } from './report-time';
import { requiredMax } from './rules';
import { SettingsBlock } from './SettingsBlock';

/** The investor bot (platform.md 2.4, 4) and the schedule of its reports. */
export function InvestorReportsBlock({ writable }: { writable: boolean }) {
  const client = useApiClient();
  const settings = useQuery(investorSettingsQuery(client));
  return (
    <SettingsBlock title="Investor reports" loading={settings.isPending} error={settings.error}>
      {settings.data && <InvestorSettingsForm initial={settings.data} writable={writable} />}
      <Divider sx={{ my: 2 }} />
      <ReportSchedule writable={writable} />
    </SettingsBlock>
  );
}

/** Saves only a change: unchanged values answer 'All values has not changed' (platform.md 4). */
function InvestorSettingsForm({ initial, writable }: { initial: InvestorReportSettings; writable: boolean }) {
  const client = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<InvestorReportSettings>({ mode: 'onTouched', defaultValues: initial });

  async function save(values: InvestorReportSettings) {
    setError(null);
    const body = { investor_bot_token: values.investor_bot_token.trim(), investor_chat_id: values.investor_chat_id.trim() };
    if (body.investor_bot_token === initial.investor_bot_token && body.investor_chat_id === initial.investor_chat_id) {
      setError(MESSAGES.valuesNotChanged);
      return;
    }
    try {
      const saved = await saveInvestorSettings(client, body);
      queryClient.setQueryData(settingsKeys.investor, saved);
      reset(saved);
      toast.success(SETTINGS_UI_TEXTS.investorSaved);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  return (
    <Stack component="form" onSubmit={handleSubmit(save)} noValidate spacing={0.5} aria-label="Investor report settings">
      <TextField label="Investor bot token" size="small" fullWidth autoComplete="off" disabled={!writable} {...fieldErrorProps(formState.errors.investor_bot_token)}
        {...register('investor_bot_token', { validate: requiredMax(LIMITS.botTokenMax, M.botTokenBlank, M.botTokenTooLong) })} />
      <TextField label="Investor chat ID" size="small" fullWidth autoComplete="off" disabled={!writable} {...fieldErrorProps(formState.errors.investor_chat_id)}
        {...register('investor_chat_id', { validate: requiredMax(LIMITS.investorChatIdMax, M.chatIdBlank, M.investorChatIdTooLong) })} />
      {error && <Alert severity={error === MESSAGES.valuesNotChanged ? 'info' : 'error'}>{error}</Alert>}
      {writable && (
        <Button type="submit" variant="contained" size="small" sx={{ alignSelf: 'flex-start' }} disabled={formState.isSubmitting}>
          Save
        </Button>
      )}
    </Stack>
  );
}

interface ScheduleForm {
  schedule_type: ScheduleType;
  time: string;
  schedule_crontab: string;
}

const TYPE_LABELS: Record<ScheduleType, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', custom: 'Custom (cron)' };

/** Report schedule entries: a fixed daily, weekly or monthly time (UTC, hour at most 6) or a cron expression. */
function ReportSchedule({ writable }: { writable: boolean }) {
  const client = useApiClient();
  const toast = useToast();
  const queryClient = useQueryClient();
  const schedules = useQuery(schedulesQuery(client));
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, watch, reset } = useForm<ScheduleForm>({
    mode: 'onTouched',
    defaultValues: { schedule_type: 'daily', time: '00:00', schedule_crontab: '' },
  });
  const custom = watch('schedule_type') === 'custom';
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.schedules });

  async function act(action: () => Promise<unknown>, done: string) {
    setError(null);
    try {
      await action();
      toast.success(done);
      await refresh();
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  const add = (values: ScheduleForm) =>
    act(async () => {
      const time = withSeconds(values.time);
      await createSchedule(
        client,
        values.schedule_type === 'custom'
          ? { schedule_type: 'custom', schedule_crontab: values.schedule_crontab.trim() }
          : { schedule_type: values.schedule_type, investor_report_time: time, local_investor_report_time: localTimeOf(time) },
      );
      reset();
    }, SETTINGS_UI_TEXTS.scheduleAdded);

  const entries = schedules.data?.results ?? [];
  return (
    <>
      <Typography variant="subtitle1" component="h3" fontWeight={600}>
        Report schedule
      </Typography>
      {schedules.isError && <Alert severity="error">{normaliseError(schedules.error)}</Alert>}
      {schedules.isSuccess && entries.length === 0 && <Typography color="text.secondary">{SETTINGS_UI_TEXTS.noSchedules}</Typography>}
      <List dense disablePadding aria-label="Report schedule">
        {entries.map((entry) => (
          <ListItem
            key={entry.id}
            divider
            data-testid="report-schedule"
            secondaryAction={writable && (
              <Tooltip title="Delete">
                <IconButton edge="end" aria-label={`Delete ${describeSchedule(entry)}`} onClick={() => act(() => deleteSchedule(client, entry.id), SETTINGS_UI_TEXTS.scheduleDeleted)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          >
            <ListItemText primary={describeSchedule(entry)} />
          </ListItem>
        ))}
      </List>
      {writable && (
        <Stack component="form" onSubmit={handleSubmit(add)} noValidate direction="row" spacing={1} alignItems="flex-start" sx={{ mt: 2 }} aria-label="Add report schedule">
          <TextField select label="Type" size="small" sx={{ minWidth: 150 }} defaultValue="daily" inputProps={register('schedule_type')}>
            {SCHEDULE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </TextField>
          {custom ? (
            <TextField label="Cron expression (UTC)" size="small" placeholder="0 3 * * 1-5" sx={{ flex: 1 }} {...fieldErrorProps(formState.errors.schedule_crontab)}
              {...register('schedule_crontab', { validate: (v) => !custom || v.trim() !== '' || M.cronRequired })} />
          ) : (
            <TextField label="Time (UTC)" type="time" size="small" sx={{ width: 170 }} slotProps={{ inputLabel: { shrink: true } }} {...fieldErrorProps(formState.errors.time)}
              {...register('time', { validate: (v) => custom || reportTimeRule(v) })} />
          )}
          <Button type="submit" variant="outlined" disabled={formState.isSubmitting} sx={{ height: 40 }}>
            Add
          </Button>
        </Stack>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </>
  );
}
