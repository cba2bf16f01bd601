export * from './candle';
export * from './instruments';
export * from './list';
export * from './model';
export * from './port';
export * from './prng';
export * from './replay';
export * from './timeframes';
