export * from './money';
export * from './market';
export * from './fills';
export * from './execution';
export * from './positions';
export * from './strategy';
export * from './metrics';
export * from './risk';
