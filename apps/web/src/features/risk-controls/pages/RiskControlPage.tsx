import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, Button, Checkbox, IconButton, Menu, MenuItem, Switch } from '@mui/material';
import { useState } from 'react';
import {
  canWrite,
  FORMATS,
  formatColumnValue,
  PAGE_SIZES,
  permOf,
  RISK_CONTROL_PAGE_SIZE,
  RISK_CONTROL_UI as UI,
  RISK_TRIGGER_RESOURCE,
  TRIGGER_FIELD_LABELS,
  type RiskTrigger,
  type TriggerEditableField,
} from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { PageHeader } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { formatDate } from '../../../ui/format/date';
import { DataTable } from '../../../ui/table/DataTable';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useRiskGroupNames, useRiskTriggers, useUpdateTrigger, type TriggerChange } from '../api/risk-controls';
import { AddTriggerDialog } from '../components/AddTriggerDialog';
import { EditValueDialog } from '../components/EditValueDialog';
import { GroupSelect } from '../components/GroupSelect';
import { editableFields } from '../components/trigger-rules';

/** The generic per-page choices; the first page holds as many triggers as it always has. */
const TRIGGER_PAGE_SIZES = { options: PAGE_SIZES.generic.options, default: RISK_CONTROL_PAGE_SIZE };

/** A value as its declared text column writes it ('-' when empty). */
const shown = (value: number | string | null) => formatColumnValue(FORMATS.text, value, formatDate);

/** The group of one trigger, picked from the strategy profiles. */
function GroupDialog({ trigger, onSave, onClose }: { trigger: RiskTrigger; onSave: (ids: number[]) => Promise<void>; onClose: () => void }) {
  const [ids, setIds] = useState(trigger.group_profiles);
  const [saving, setSaving] = useState(false);
  return (
    <FormDialog
      title={`Group: ${trigger.trigger_name}`}
      submitLabel="Save"
      submitting={saving}
      onClose={onClose}
      onSubmit={async (event) => {
        event.preventDefault();
        setSaving(true);
        await onSave(ids);
        setSaving(false);
        onClose();
      }}
    >
      <GroupSelect value={ids} onChange={setIds} />
    </FormDialog>
  );
}

/** Risk Control Service: the triggers, Show All / Hide Unpicked, Add, value edits in a modal, toggles, groups. */
/**
 * A value button's name: what it shows, then which value of which trigger it edits. The shown text comes
 * first so that speech control ("click 12.5") and screen readers agree with the screen (WCAG 2.5.3).
 */
const named = (shownText: string, what: string) => `${shownText}, ${what}`;

export function RiskControlPage() {
  const { user } = useAuthState();
  const writable = canWrite(user?.group, 'risk_control');
  const [showAll, setShowAll] = useState(false);
  const params = useTableParams(TRIGGER_PAGE_SIZES);
  const triggers = useRiskTriggers(showAll, { page: params.page, page_size: params.pageSize });
  // The names of the profiles in this page's groups only.
  const groupIds = [...new Set((triggers.data?.results ?? []).flatMap((trigger) => trigger.group_profiles))].sort((a, b) => a - b);
  const groups = useRiskGroupNames(groupIds);
  const update = useUpdateTrigger();
  const { busy, run } = useRowActions();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ trigger: RiskTrigger; field: TriggerEditableField } | null>(null);
  const [grouping, setGrouping] = useState<RiskTrigger | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; trigger: RiskTrigger } | null>(null);

  const change = (trigger: RiskTrigger, body: TriggerChange) => run(trigger.id, () => update.mutateAsync({ id: trigger.id, change: body }));
  const titleOf = (id: number) => groups.data?.find((group) => group.id === id)?.label ?? `#${id}`;

  const value = (field: TriggerEditableField) => (trigger: RiskTrigger) =>
    writable ? (
      <Button size="small" sx={{ textTransform: 'none' }} onClick={() => setEditing({ trigger, field })} aria-label={named(shown(trigger[field]), `${TRIGGER_FIELD_LABELS[field]} of ${trigger.trigger_name}`)}>
        {shown(trigger[field])}
      </Button>
    ) : (
      shown(trigger[field])
    );

  const rulesOf = (trigger: RiskTrigger) => {
    const reduce = trigger.position_reduce === null ? '' : `Reduce ${trigger.position_reduce}% (X ${shown(trigger.x_percent_depo)}%, Y ${shown(trigger.y_percent_depo)}%)`;
    return [trigger.rules, reduce].filter(Boolean).join('; ') || '-';
  };

  const columns = declaredColumns(RISK_TRIGGER_RESOURCE, permOf(user?.group, 'risk_control'), {
    render: {
      trigger_name: value('trigger_name'),
      trigger_blocker: value('trigger_blocker'),
      trigger_unblocker: value('trigger_unblocker'),
      rules: (trigger) =>
        writable ? (
          <Button size="small" sx={{ textTransform: 'none', textAlign: 'left' }} onClick={() => setEditing({ trigger, field: 'rules' })} aria-label={named(rulesOf(trigger), `Risk control rules of ${trigger.trigger_name}`)}>
            {rulesOf(trigger)}
          </Button>
        ) : (
          rulesOf(trigger)
        ),
      timer: value('timer'),
      alert: (trigger) => (
        <Switch size="small" checked={trigger.alert} disabled={!writable || busy.has(trigger.id)} onChange={(e) => void change(trigger, { alert: e.target.checked })} slotProps={{ input: { 'aria-label': `Alert of ${trigger.trigger_name}` } }} />
      ),
      group_profiles: (trigger) => {
        const text = trigger.group_profiles.map(titleOf).join(', ') || '-';
        return writable ? (
          <Button size="small" sx={{ textTransform: 'none' }} onClick={() => setGrouping(trigger)} aria-label={named(text, `Group of ${trigger.trigger_name}`)}>
            {text}
          </Button>
        ) : (
          text
        );
      },
      is_active: (trigger) => (
        <Switch size="small" checked={trigger.is_active} disabled={!writable || busy.has(trigger.id)} onChange={(e) => void change(trigger, { is_active: e.target.checked })} slotProps={{ input: { 'aria-label': `Active of ${trigger.trigger_name}` } }} />
      ),
      is_show: (trigger) => (
        <Checkbox checked={trigger.is_show} disabled={!writable || busy.has(trigger.id)} onChange={(e) => void change(trigger, { is_show: e.target.checked })} slotProps={{ input: { 'aria-label': `Visibility of ${trigger.trigger_name}` } }} />
      ),
    },
  });
  if (writable) {
    columns.push({
      field: 'action',
      header: UI.actionColumn,
      render: (trigger) => (
        <IconButton size="small" aria-label={`Edit ${trigger.trigger_name}`} onClick={(event) => setMenu({ anchor: event.currentTarget, trigger })}>
          <MoreVertIcon fontSize="small" />
        </IconButton>
      ),
    });
  }

  return (
    <>
      <SectionTabs bar="signalsAndOrders" />
      <PageHeader title="Risk control service">
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            variant="outlined"
            onClick={() => {
              setShowAll((previous) => !previous);
              params.setPage(1);
            }}
          >
            {showAll ? UI.hideUnpicked : UI.showAll}
          </Button>
          {writable && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              {UI.add}
            </Button>
          )}
        </Box>
      </PageHeader>
      <DataTable
        columns={columns}
        rows={triggers.data?.results}
        count={triggers.data?.count}
        params={params}
        rowKey={(trigger) => trigger.id}
        emptyText={UI.empty}
        isLoading={triggers.isPending}
        error={triggers.error}
        testId="risk-triggers-table"
      />
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={() => setMenu(null)}>
        {menu &&
          editableFields(menu.trigger).map((field) => (
            <MenuItem
              key={field}
              onClick={() => {
                setEditing({ trigger: menu.trigger, field });
                setMenu(null);
              }}
            >
              {TRIGGER_FIELD_LABELS[field]}
            </MenuItem>
          ))}
      </Menu>
      {adding && <AddTriggerDialog onClose={() => setAdding(false)} />}
      {editing && <EditValueDialog trigger={editing.trigger} field={editing.field} onClose={() => setEditing(null)} />}
      {grouping && <GroupDialog trigger={grouping} onClose={() => setGrouping(null)} onSave={(ids) => change(grouping, { group_profiles: ids })} />}
    </>
  );
}
