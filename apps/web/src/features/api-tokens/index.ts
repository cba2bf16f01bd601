/** The personal API tokens block of Account details. */
export { ApiTokensBlock } from './components/ApiTokensBlock';
