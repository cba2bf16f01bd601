export * from './money';
export * from './market';
export * from './fills';
export * from './positions';
export * from './strategy';
