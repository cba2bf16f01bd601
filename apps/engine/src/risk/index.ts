export * from './triggers';
