export * from './sections';
export * from './perms';
export * from './navigation';
export * from './messages';
export * from './limits';
export * from './api';
export * from './logs';
export * from './settings-messages';
