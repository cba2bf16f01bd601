import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { canWrite, PAGE_SIZES, permOf, RISK_CONTROL_PAGE_SIZE, RISK_CONTROL_UI as UI, TRIGGER_FIELD_LABELS, type RiskTrigger, type TriggerEditableField } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { FormDialog } from '../../../ui/dialog/FormDialog';
import { PageHeader } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { DataTable } from '../../../ui/table/DataTable';
import { useRowActions } from '../../../ui/table/use-row-actions';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useRiskGroupNames, useRiskTriggers, useUpdateTrigger, type TriggerChange } from '../api/risk-controls';
import { AddTriggerDialog } from '../components/AddTriggerDialog';
import { EditValueDialog } from '../components/EditValueDialog';
import { GroupSelect } from '../components/GroupSelect';
import { triggerColumns } from '../components/trigger-columns';
import { editableFields } from '../components/trigger-rules';

/** The generic per-page choices; the first page holds as many triggers as it always has. */
const TRIGGER_PAGE_SIZES = { options: PAGE_SIZES.generic.options, default: RISK_CONTROL_PAGE_SIZE };

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

  const columns = triggerColumns({
    perm: permOf(user?.group, 'risk_control'),
    writable,
    busy,
    titleOf,
    onEdit: (trigger, field) => setEditing({ trigger, field }),
    onChange: (trigger, body) => void change(trigger, body),
    onGroup: setGrouping,
    onMenu: (anchor, trigger) => setMenu({ anchor, trigger }),
  });

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
