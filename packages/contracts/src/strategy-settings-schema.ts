/**
 * The strategy settings document as JSON Schema (draft 2020-12), generated from its one declaration
 * (STRATEGY_SETTINGS_SHAPE): what `GET engine/settings-schema/` answers and what
 * docs/strategy-settings.schema.json holds, so a team's engine reads `strategy_profiles.settings`
 * without reading this code. Every key is optional, as in a draft; a profile only leaves draft with a
 * whole document, which the validator (validateStrategySettings) decides.
 */
import { ATR_SMOOTH_ALGOS, ATR_TYPES, PRICE_DIRECTIONS, SINGLE_CASE_TYPES, STRATEGY_SETTINGS_SHAPE, type SettingsValueKind } from './strategy-settings';
import { TIMEFRAMES } from './trading';

/** A JSON Schema document or one of its parts. */
export interface JsonSchema {
  $schema?: string;
  title?: string;
  description?: string;
  type?: 'object' | 'array' | 'number' | 'string' | 'boolean';
  enum?: readonly string[];
  pattern?: string;
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean;
  items?: JsonSchema;
}

const VALUE_SCHEMAS: Record<SettingsValueKind, JsonSchema> = {
  number: { type: 'number' },
  flag: { type: 'boolean' },
  atrValue: {
    description: 'One number, or a range "a;b"',
    oneOf: [{ type: 'number' }, { type: 'string', pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*;\\s*-?\\d+(\\.\\d+)?\\s*$' }],
  },
  timeframe: { type: 'string', enum: TIMEFRAMES },
  priceDirection: { type: 'string', enum: PRICE_DIRECTIONS, description: 'grow trades long, fall trades short' },
  smoothing: { type: 'string', enum: ATR_SMOOTH_ALGOS },
  atrType: { type: 'string', enum: ATR_TYPES },
  singleCaseType: { type: 'string', enum: SINGLE_CASE_TYPES },
};

type Shape = SettingsValueKind | { readonly [key: string]: Shape } | readonly [Shape];

function schemaOf(shape: Shape): JsonSchema {
  if (typeof shape === 'string') return { ...VALUE_SCHEMAS[shape] };
  if (Array.isArray(shape)) return { type: 'array', items: schemaOf((shape as readonly [Shape])[0]) };
  const block = shape as { readonly [key: string]: Shape };
  return { type: 'object', properties: Object.fromEntries(Object.entries(block).map(([key, inner]) => [key, schemaOf(inner)])), additionalProperties: false };
}

/** The whole document's schema. An empty draft is `{}`; any key not declared here is refused. */
export function strategySettingsJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Strategy profile settings, v1',
    description:
      'strategy_profiles.settings. Every key is optional (a draft holds what it has so far, an empty draft is {}); a profile leaves draft only with a whole document, as the console validates it. Single cases apply to fall only.',
    ...schemaOf(STRATEGY_SETTINGS_SHAPE),
  };
}
