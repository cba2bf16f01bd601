export * from './port';
export * from './orders';
export * from './execution';
export * from './paper-venue';
