import { useRowActions } from '../../../ui/table/use-row-actions';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  DIRECTIONS,
  MM_PROFILE_RESOURCE,
  MM_PROFILE_STATUSES,
  MM_PROFILE_UI,
  MM_PROFILE_VISIBILITIES,
  PAGE_SIZES,
  PATHS,
  pathTo,
  permOf,
  type MmProfileRow,
} from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { PageHeader } from '../../../ui/PageTitle';
import { DataTable } from '../../../ui/table/DataTable';
import { linkedTitle, visibilityColumn } from '../../../ui/table/profile-columns';
import { optionsOf, SelectFilter } from '../../../ui/table/SelectFilter';
import { declaredColumns } from '../../../ui/table/declared-columns';
import { useTableParams } from '../../../ui/table/use-table-params';
import { useAutoDeposit } from '../api/auto-deposit';
import { useMmProfiles } from '../api/get-mm-profiles';
import { useSwitchMmProfile, type MmProfileSwitch } from '../api/update-mm-profile';
import { ChangeDepositDialog } from '../components/ChangeDepositDialog';
import { DepositChips } from '../components/DepositChips';
import { MmListButtons } from '../components/MmListButtons';
import { MmQuotaSummary, quotaText } from '../components/MmQuotaSummary';
import { mmListActions, mmStatusAction, mmTitleLinks } from '../components/mm-rules';
import { ReinvestDialog } from '../components/ReinvestDialog';
import { StrategyProfilesCell } from '../components/StrategyProfilesCell';
import { AccountTitle } from '../../../ui/text/EllipsisText';

const FILTER_KEYS = ['status', 'visibility', 'direction'] as const;

/** Cells drawn as more than their text: the strategy profiles fold, the quotas carry the ids the browser walk reads, the account by title. */
const RENDER = {
  profiles: (profile: MmProfileRow) => <StrategyProfilesCell profiles={profile.profiles ?? []} />,
  all_signals_quota: (profile: MmProfileRow) => <span data-testid="all-signals-quota">{quotaText('all_signals_quota', profile.all_signals_quota)}</span>,
  one_signal_quota: (profile: MmProfileRow) => <span data-testid="one-signal-quota">{quotaText('one_signal_quota', profile.one_signal_quota)}</span>,
  exchange_account: (profile: MmProfileRow) => <AccountTitle title={profile.exchange_account?.title} />,
};

/** 'Money management profiles list': filters, deposit operations, chips, rows and their sums. */
export function MmProfilesPage() {
  const { user } = useAuthState();
  const navigate = useNavigate();
  const perm = permOf(user?.group, 'mm_profiles');
  const actions = mmListActions(user?.group);
  const params = useTableParams(PAGE_SIZES.mmProfiles, FILTER_KEYS);
  const profiles = useMmProfiles(params.query);
  const autoDeposit = useAutoDeposit();
  const switchProfile = useSwitchMmProfile();
  const [dialog, setDialog] = useState<'deposit' | 'reinvest' | null>(null);
  const { busy, run } = useRowActions();

  const send = (change: MmProfileSwitch) => run(change.id, () => switchProfile.mutateAsync(change));

  const columns = declaredColumns(MM_PROFILE_RESOURCE, perm, {
    // The title opens the form only for an inactive profile a group may edit.
    render: { ...RENDER, title: linkedTitle<MmProfileRow>((profile) => mmTitleLinks(profile.status, actions), (profile) => pathTo('mmProfile', { id: profile.id })) },
  });
  if (actions.visibility) columns.push(visibilityColumn('switch', busy, (profile, visible) => void send({ id: profile.id, is_show: visible })));
  if (actions.statusAction) {
    columns.push({
      field: 'action',
      header: 'Action',
      render: (profile) => {
        const action = mmStatusAction(profile.status);
        return action ? (
          <Button size="small" variant="outlined" disabled={action.disabled || busy.has(profile.id)} onClick={() => void send({ id: profile.id, status: action.target })}>
            {action.label}
          </Button>
        ) : null;
      },
    });
  }

  // A filter with a default value (visibility) offers no 'All'.
  const filter = (key: (typeof FILTER_KEYS)[number], label: string, options: readonly string[], fallback?: string) => (
    <SelectFilter
      label={label}
      value={params.filters[key]}
      onChange={(value) => params.setFilters({ ...params.filters, [key]: value })}
      options={optionsOf(options)}
      all={fallback === undefined}
      fallback={fallback}
    />
  );

  return (
    <>
      <PageHeader title={MM_PROFILE_UI.listTitle}>
        <MmListButtons actions={actions} reinvestReady={!!autoDeposit.data} onDialog={setDialog} onAdd={() => navigate(PATHS.addMmProfile)} />
      </PageHeader>
      <DepositChips />
      <DataTable
        columns={columns}
        rows={profiles.data?.results}
        count={profiles.data?.count}
        rowKey={(profile) => profile.id}
        params={params}
        emptyText={MM_PROFILE_UI.listEmpty}
        isLoading={profiles.isPending}
        error={profiles.error}
        toolbar={
          <>
            {filter('status', 'Status', MM_PROFILE_STATUSES)}
            {filter('visibility', 'Visibility', MM_PROFILE_VISIBILITIES, 'visible')}
            {filter('direction', 'Direction', DIRECTIONS)}
          </>
        }
        testId="mm-profiles-table"
      />
      <MmQuotaSummary summary={profiles.data?.summary} />
      {dialog === 'deposit' && <ChangeDepositDialog onClose={() => setDialog(null)} />}
      {dialog === 'reinvest' && autoDeposit.data && <ReinvestDialog current={autoDeposit.data} onClose={() => setDialog(null)} />}
    </>
  );
}
