export * from './account-metrics';
export * from './var';
