import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress, IconButton, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { PATHS, permOf, STRATEGY_PROFILE_MESSAGES, type SectionName, type WizardStepKey } from '@console/contracts';
import { useAuthState } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { profileIdOf } from '../../../routes/paths';
import { PageTitle } from '../../../ui/PageTitle';
import { OrdersTable } from '../../orders';
import { ProfileStats } from '../../stats';
import { SignalsTable } from '../../signals';
import { useStrategyProfile, useStrategySettings } from '../api/get-strategy-profile';
import { AlertsBlock } from '../components/AlertsBlock';
import { BlockEditDialog } from '../components/BlockEditDialog';
import { StrategyStatusChip } from '../components/StrategyStatusChip';
import { continueDraftPath, shownStatusAction, strategyDetailActions } from '../components/strategy-rules';
import { useStartStop } from '../components/use-start-stop';
import { SettingsSummary } from '../wizard/SettingsSummary';

const TABS = ['Settings', 'Statistics', 'Orders', 'Signals'] as const;
type DetailTab = (typeof TABS)[number];
/** The section each tab reads besides the profile itself: a tab the group may not read is not shown. */
const TAB_SECTION: Record<DetailTab, SectionName | null> = { Settings: null, Statistics: 'profiles_stats', Orders: 'orders', Signals: 'signals' };

/** One strategy profile: header with its status action, then Settings, Statistics, Orders, Signals. */
export function StrategyProfilePage() {
  const { profileRef } = useParams();
  const id = Number(profileIdOf(profileRef));
  const navigate = useNavigate();
  const { user } = useAuthState();
  const profile = useStrategyProfile(id);
  const settings = useStrategySettings(id);
  const startStop = useStartStop();
  const [tab, setTab] = useState<DetailTab>('Settings');
  const tabs = TABS.filter((name) => {
    const section = TAB_SECTION[name];
    return section === null || permOf(user?.group, section).status !== 'NP';
  });
  const [editing, setEditing] = useState<WizardStepKey | null>(null);
  const tickerListsReadable = permOf(user?.group, 'tickers_configs').status !== 'NP';
  const p = profile.data;
  const actions = strategyDetailActions(user?.group, p?.status);
  const action = shownStatusAction(p?.status, actions);

  const runAction = () => {
    if (!action || !p) return;
    if (action.command === 'continue') return navigate(continueDraftPath(p.id));
    startStop.request(p, action.command);
  };

  return (
    <>
      {profile.error ? (
        // A failed load takes the header's place.
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => navigate(PATHS.strategyProfilesStrategy)}>Back</Button>}>
          {normaliseError(profile.error)}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1, '& h1': { mb: 0 } }}>
          <IconButton aria-label="Back to the strategy profiles list" onClick={() => navigate(PATHS.strategyProfilesStrategy)}>
            <ArrowBackIcon />
          </IconButton>
          <PageTitle>{p?.title ?? '…'}</PageTitle>
          <StrategyStatusChip status={p?.status} actionState={p?.action_state} />
          <Box sx={{ flex: 1 }} />
          {action && (
            <Button variant="contained" disabled={(p !== undefined && startStop.busy.has(p.id)) || p?.action_state === 'CHANGING'} onClick={runAction}>
              {action.label}
            </Button>
          )}
        </Box>
      )}
      <Tabs value={tab} onChange={(_, value: DetailTab) => setTab(value)} variant="scrollable" scrollButtons="auto" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        {tabs.map((name) => (
          <Tab key={name} value={name} label={name} />
        ))}
      </Tabs>
      {tab === 'Settings' ? (
        settings.error ? (
          <Alert severity="error">{normaliseError(settings.error)}</Alert>
        ) : !settings.data || !p ? (
          profile.error ? null : <CircularProgress aria-label="Loading" />
        ) : (
          <>
            {!actions.edit && p.status !== 'draft' && actions.statusAction && (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {STRATEGY_PROFILE_MESSAGES.onlyWhenStopped}
              </Typography>
            )}
            <SettingsSummary profile={p} settings={settings.data.settings} tickerLink={tickerListsReadable} onEdit={actions.edit ? setEditing : undefined} />
            {p.status !== 'draft' && <AlertsBlock profileId={p.id} />}
          </>
        )
      ) : tab === 'Statistics' ? (
        <ProfileStats profileId={id} />
      ) : tab === 'Orders' ? (
        <OrdersTable profileId={id} testId="profile-orders-table" />
      ) : (
        <SignalsTable profileId={id} testId="profile-signals-table" />
      )}
      {startStop.dialog}
      {editing && p && settings.data && (
        <BlockEditDialog profile={p} settings={settings.data.settings} step={editing} tickerListsReadable={tickerListsReadable} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
