import { PageTitle } from '../../../ui/PageTitle';
import { SectionTabs } from '../../../ui/SectionTabs';
import { OrdersTable } from '../components/OrdersTable';

/** Signals & orders → Orders. */
export function OrdersPage() {
  return (
    <>
      <SectionTabs bar="signalsAndOrders" />
      <PageTitle>Orders</PageTitle>
      <OrdersTable />
    </>
  );
}
