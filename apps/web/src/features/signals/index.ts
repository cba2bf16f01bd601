/** What other features may use of signals: the table, as the strategy profile page shows it for one profile. */
export { SignalsTable } from './components/SignalsTable';
