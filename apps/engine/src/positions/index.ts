export * from './exits';
export * from './position';
