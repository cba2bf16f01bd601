/** What other features may use of statistics: one strategy profile's figures. */
export { ProfileStats } from './components/ProfileStats';
