/** What other features may use of orders: the table, as the strategy profile page shows it for one profile. */
export { OrdersTable } from './components/OrdersTable';
