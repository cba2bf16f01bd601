export * from './fills';
