/** The engine's runtime for other workspace packages: the API's tests run the engine that ships in-process. */
export { PaperEngine, type EngineOptions } from './engine';
export { createPool } from './db';
export { MINUTE_MS } from '../market/candle';
export { engineRegistry, logCommandsTo } from './observability';
export { redisLivePublisher } from './live';
