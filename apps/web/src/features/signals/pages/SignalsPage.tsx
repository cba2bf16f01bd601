import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { SignalsTable } from '../../../ui/trading/SignalsTable';

/** Signals & orders → Signals (trading.md 2). */
export function SignalsPage() {
  return (
    <>
      <SectionTabs bar="signalsAndOrders" />
      <PageTitle>Signals</PageTitle>
      <SignalsTable />
    </>
  );
}
