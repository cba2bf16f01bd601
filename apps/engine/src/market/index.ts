export * from './candle';
export * from './instruments';
export * from './model';
export * from './prng';
export * from './replay';
export * from './timeframes';
