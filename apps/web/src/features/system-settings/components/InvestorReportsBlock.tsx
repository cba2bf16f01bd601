import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Alert, Button, Divider, IconButton, List, ListItem, ListItemText, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LIMITS, SCHEDULE_TYPES, SETTINGS_MESSAGES as M, SETTINGS_UI_TEXTS, type InvestorReportSettings, type ScheduleType } from '@console/contracts';
import { normaliseError } from '../../../api/errors';
import { fieldErrorProps } from '../../../ui/form/field-error';
import { EllipsisText } from '../../../ui/text/EllipsisText';
import { useToast } from '../../../ui/toast/ToastProvider';
import { useCreateReportSchedule } from '../api/create-report-schedule';
import { useDeleteReportSchedule } from '../api/delete-report-schedule';
import { useInvestorSettings } from '../api/get-investor-settings';
import { useReportSchedules } from '../api/get-report-schedules';
import { useSaveInvestorSettings } from '../api/save-investor-settings';
import { describeSchedule, localTimeOf, reportTimeRule, withSeconds } from './report-time';
import { BotSettingsForm, type BotField } from './BotSettingsForm';
import { SettingsBlock } from './SettingsBlock';

const INVESTOR_FIELDS: BotField<InvestorReportSettings>[] = [
  { name: 'investor_bot_token', label: 'Investor bot token', max: LIMITS.botTokenMax, blank: M.botTokenBlank, tooLong: M.botTokenTooLong },
  { name: 'investor_chat_id', label: 'Investor chat ID', max: LIMITS.investorChatIdMax, blank: M.chatIdBlank, tooLong: M.investorChatIdTooLong },
];

/** The investor bot and the schedule of its reports. */
export function InvestorReportsBlock({ writable }: { writable: boolean }) {
  const settings = useInvestorSettings();
  const { mutateAsync: save } = useSaveInvestorSettings();

  return (
    <SettingsBlock title="Investor reports" loading={settings.isPending} error={settings.error}>
      {/* Saves only a change: unchanged values answer 'All values has not changed'. */}
      {settings.data && (
        <BotSettingsForm label="Investor report settings" fields={INVESTOR_FIELDS} initial={settings.data} writable={writable}
          save={save} savedMessage={SETTINGS_UI_TEXTS.investorSaved} unchanged="explain" />
      )}
      <Divider sx={{ my: 2 }} />
      <ReportSchedule writable={writable} />
    </SettingsBlock>
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
  const toast = useToast();
  const schedules = useReportSchedules();
  const createSchedule = useCreateReportSchedule();
  const deleteSchedule = useDeleteReportSchedule();
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, formState, control, reset } = useForm<ScheduleForm>({
    mode: 'onTouched',
    defaultValues: { schedule_type: 'daily', time: '00:00', schedule_crontab: '' },
  });
  const custom = useWatch({ control, name: 'schedule_type' }) === 'custom';

  async function act(action: () => Promise<unknown>, done: string) {
    setError(null);
    try {
      await action();
      toast.success(done);
    } catch (e) {
      setError(normaliseError(e));
    }
  }

  const add = (values: ScheduleForm) =>
    act(async () => {
      const time = withSeconds(values.time);
      await createSchedule.mutateAsync(
        values.schedule_type === 'custom'
          ? { schedule_type: 'custom', schedule_crontab: values.schedule_crontab.trim() }
          : { schedule_type: values.schedule_type, investor_report_time: time, local_investor_report_time: localTimeOf(time) },
      );
      reset();
    }, SETTINGS_UI_TEXTS.scheduleAdded);

  const entries = schedules.data?.results ?? [];
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
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
                <IconButton edge="end" aria-label={`Delete ${describeSchedule(entry)}`} onClick={() => act(() => deleteSchedule.mutateAsync(entry.id), SETTINGS_UI_TEXTS.scheduleDeleted)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          >
            <ListItemText sx={{ minWidth: 0 }} primary={<EllipsisText text={describeSchedule(entry)} />} />
          </ListItem>
        ))}
      </List>
      {writable && (
        <Stack component="form" onSubmit={handleSubmit(add)} noValidate direction="row" useFlexGap spacing={1} sx={{ mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }} aria-label="Add report schedule">
          <TextField select label="Type" size="small" sx={{ minWidth: 150 }} defaultValue="daily" slotProps={{ htmlInput: register('schedule_type') }}>
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
