/** The alert channels block of Account details. */
export { AlertChannelsBlock } from './components/AlertChannelsBlock';
