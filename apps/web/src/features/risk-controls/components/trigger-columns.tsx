import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Checkbox, IconButton, Switch } from '@mui/material';
import { FORMATS, formatColumnValue, RISK_CONTROL_UI as UI, RISK_TRIGGER_RESOURCE, TRIGGER_FIELD_LABELS, type Perm, type RiskTrigger, type TriggerEditableField } from '@console/contracts';
import { formatDate } from '../../../ui/format/date';
import type { Column } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import type { TriggerChange } from '../api/risk-controls';

/** A value as its declared text column writes it ('-' when empty). */
const shown = (value: number | string | null) => formatColumnValue(FORMATS.text, value, formatDate);

/**
 * A value button's name: what it shows, then which value of which trigger it edits. The shown text comes
 * first so that speech control ("click 12.5") and screen readers agree with the screen (WCAG 2.5.3).
 */
const named = (shownText: string, what: string) => `${shownText}, ${what}`;

const rulesOf = (trigger: RiskTrigger) => {
  const reduce = trigger.position_reduce === null ? '' : `Reduce ${trigger.position_reduce}% (X ${shown(trigger.x_percent_depo)}%, Y ${shown(trigger.y_percent_depo)}%)`;
  return [trigger.rules, reduce].filter(Boolean).join('; ') || '-';
};

interface Options {
  perm: Perm;
  writable: boolean;
  busy: ReadonlySet<number>;
  /** A group member's name (its profile's title). */
  titleOf: (id: number) => string;
  onEdit: (trigger: RiskTrigger, field: TriggerEditableField) => void;
  onChange: (trigger: RiskTrigger, body: TriggerChange) => void;
  onGroup: (trigger: RiskTrigger) => void;
  onMenu: (anchor: HTMLElement, trigger: RiskTrigger) => void;
}

/** The triggers' declared columns: values open their edit dialog, toggles save at once, a writer gets the action menu. */
export function triggerColumns({ perm, writable, busy, titleOf, onEdit, onChange, onGroup, onMenu }: Options): Column<RiskTrigger>[] {
  const value = (field: TriggerEditableField) => (trigger: RiskTrigger) =>
    writable ? (
      <Button size="small" sx={{ textTransform: 'none' }} onClick={() => onEdit(trigger, field)} aria-label={named(shown(trigger[field]), `${TRIGGER_FIELD_LABELS[field]} of ${trigger.trigger_name}`)}>
        {shown(trigger[field])}
      </Button>
    ) : (
      shown(trigger[field])
    );

  const columns = declaredColumns(RISK_TRIGGER_RESOURCE, perm, {
    render: {
      trigger_name: value('trigger_name'),
      trigger_blocker: value('trigger_blocker'),
      trigger_unblocker: value('trigger_unblocker'),
      rules: (trigger) =>
        writable ? (
          <Button size="small" sx={{ textTransform: 'none', textAlign: 'left' }} onClick={() => onEdit(trigger, 'rules')} aria-label={named(rulesOf(trigger), `Risk control rules of ${trigger.trigger_name}`)}>
            {rulesOf(trigger)}
          </Button>
        ) : (
          rulesOf(trigger)
        ),
      timer: value('timer'),
      alert: (trigger) => (
        <Switch size="small" checked={trigger.alert} disabled={!writable || busy.has(trigger.id)} onChange={(e) => onChange(trigger, { alert: e.target.checked })} slotProps={{ input: { 'aria-label': `Alert of ${trigger.trigger_name}` } }} />
      ),
      group_profiles: (trigger) => {
        const text = trigger.group_profiles.map(titleOf).join(', ') || '-';
        return writable ? (
          <Button size="small" sx={{ textTransform: 'none' }} onClick={() => onGroup(trigger)} aria-label={named(text, `Group of ${trigger.trigger_name}`)}>
            {text}
          </Button>
        ) : (
          text
        );
      },
      is_active: (trigger) => (
        <Switch size="small" checked={trigger.is_active} disabled={!writable || busy.has(trigger.id)} onChange={(e) => onChange(trigger, { is_active: e.target.checked })} slotProps={{ input: { 'aria-label': `Active of ${trigger.trigger_name}` } }} />
      ),
      is_show: (trigger) => (
        <Checkbox checked={trigger.is_show} disabled={!writable || busy.has(trigger.id)} onChange={(e) => onChange(trigger, { is_show: e.target.checked })} slotProps={{ input: { 'aria-label': `Visibility of ${trigger.trigger_name}` } }} />
      ),
    },
  });
  if (!writable) return columns;
  return [
    ...columns,
    {
      field: 'action',
      header: UI.actionColumn,
      render: (trigger) => (
        <IconButton size="small" aria-label={`Edit ${trigger.trigger_name}`} onClick={(event) => onMenu(event.currentTarget, trigger)}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
}
