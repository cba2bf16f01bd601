import type { TabBar } from '@console/contracts';
import { Alert } from '@mui/material';
import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';

/** Stands in for every screen that later work builds: its title, its tab bar, and a plain notice. */
export function PendingScreen({ title, bar }: { title: string; bar?: TabBar }) {
  return (
    <>
      {bar && <SectionTabs bar={bar} />}
      <PageTitle>{title}</PageTitle>
      <Alert severity="info" data-testid="pending-screen">
        This screen is not available yet.
      </Alert>
    </>
  );
}
