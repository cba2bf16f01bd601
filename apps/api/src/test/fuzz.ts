/**
 * Request generation for the OpenAPI fuzz (common/http/openapi-fuzz.spec.ts): every operation of the
 * published document, with values drawn from its schemas and from a pool of hostile values. Each case
 * draws from its own seeded generator, so a failing case replays from the printed seed.
 */

/** A small, fast, seedable generator (mulberry32): the same seed gives the same cases on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of one case: the run's seed and the case's name, hashed (FNV-1a). */
export function caseSeed(runSeed: number, name: string): number {
  let hash = 0x811c9dc5 ^ runSeed;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export class Draw {
  constructor(readonly random: () => number) {}
  chance(p: number): boolean {
    return this.random() < p;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
  text(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.random() * alphabet.length)];
    return out;
  }
}

// ---- the OpenAPI document ----

interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: string;
  /** The path as published, `{id}` placeholders included. */
  path: string;
  parameters: Parameter[];
  body?: Schema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Follows `$ref` and folds `allOf`, so the generators see one plain schema. */
export function resolve(schema: Schema | undefined, document: OpenApiDocument): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolve(document.components?.schemas?.[name], document);
  }
  if (schema.allOf?.length) {
    const { allOf, ...rest } = schema;
    return allOf.reduce<Schema>((merged, part) => ({ ...merged, ...resolve(part, document) }), rest);
  }
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return { ...resolve(alternatives[0], document), nullable: schema.nullable };
  return schema;
}

// ---- values ----

/** Values that break naive code: out-of-range and odd numbers, NUL, unpaired surrogates, wrong types, deep and wide structures. */
function hostileValue(draw: Draw): unknown {
  switch (draw.int(0, 5)) {
    case 0:
      return draw.pick([
        2_147_483_648, 2_147_483_647, -2_147_483_649, -1, 0, 1.5, -0.5, 1e300, -1e300, 1e-300, Number.MAX_SAFE_INTEGER + 2, 1e17,
        Number.MAX_SAFE_INTEGER, 4_294_967_296, 65_536,
      ]);
    case 1:
      return draw.pick([
        '', ' ', 'a\u0000b', '\u0000', '\ud800', 'x\udc00', '\udbff\udbff', 'x'.repeat(draw.pick([300, 5_000, 70_000])), '%00', '%', '\\',
        "' OR 1=1 --", '"; DROP TABLE users; --', '../../etc/passwd', '<script>alert(1)</script>', '１２３', '٣', '1e300', '2147483648', '-1', '0',
        '0x10', '99999999999999999', '9007199254740993', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', '😀'.repeat(20), '\u202e\u200b', '\r\n\t', '99:99:99', '25:00:00', '* * * * * * *',
        '00:00:00', '06:59:59', 'a@b', 'a'.repeat(255) + '@example.com',
      ]);
    case 2:
      return draw.pick([null, true, false]);
    case 3:
      return draw.pick([[], [[]], [null], [1, 'a', null], [{}], Array.from({ length: 1_000 }, (_, i) => i), nested(draw.int(20, 40))]);
    case 4:
      // Parsed, so that __proto__ is an own key as it is in a request body.
      return draw.pick([{}, { a: {} }, JSON.parse('{"__proto__": {"polluted": 1}}'), { constructor: { prototype: { polluted: 1 } } }, { toString: 1, valueOf: 'x' }]);
    default:
      return draw.pick([-1, 0, 2_147_483_648, '', null, [], {}]);
  }
}

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** What the application knows of the world: real ids and tokens make cases reach past the lookups. */
export interface Known {
  ids: number[];
  refreshTokens: () => string[];
}

/** A value the schema accepts, with hints from the field's name where the schema says only "string". */
function validValue(schema: Schema, name: string, draw: Draw, known: Known, document: OpenApiDocument, depth = 0): unknown {
  const s = resolve(schema, document);
  if (s.nullable && draw.chance(0.1)) return null;
  if (s.enum?.length) return draw.pick(s.enum);
  const hinted = hintFor(name, draw, known);
  if (hinted !== undefined) return hinted;
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (name === 'id' || /_id$|^pair$|^profile$|^group$/.test(name) ? 1 : 0);
      const max = s.maximum ?? 100;
      if (min >= 1 && draw.chance(0.7)) return draw.pick(known.ids.filter((id) => id >= min && id <= max).concat(min));
      const value = draw.pick([min, max, draw.int(min, Math.min(max, min + 1_000))]);
      return s.type === 'number' && draw.chance(0.2) ? Math.min(max, value + 0.25) : value;
    }
    case 'boolean':
      return draw.chance(0.5);
    case 'array': {
      if (depth > 4) return [];
      const count = draw.int(0, 3);
      return Array.from({ length: count }, () => validValue(s.items ?? {}, name, draw, known, document, depth + 1));
    }
    case 'object':
      return validObject(s, draw, known, document, depth);
    case 'string':
    default: {
      const max = Math.min(s.maxLength ?? 24, 24);
      const min = Math.min(s.minLength ?? 1, max);
      return draw.text(draw.int(min, Math.max(min, max)));
    }
  }
}

function validObject(schema: Schema, draw: Draw, known: Known, document: OpenApiDocument, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    if (schema.required?.includes(key) || draw.chance(0.6)) out[key] = validValue(property, key, draw, known, document, depth + 1);
  }
  return out;
}

function hintFor(name: string, draw: Draw, known: Known): unknown {
  switch (name) {
    case 'email':
      return `${draw.text(8).toLowerCase()}@example.com`;
    case 'password':
    case 'new_password':
    case 'old_password':
      return draw.pick(['Str0ng!pass', `${draw.text(8)}!1a`, 'short']);
    case 'investor_report_time':
    case 'local_investor_report_time':
      return `0${draw.int(0, 9)}:${String(draw.int(0, 59)).padStart(2, '0')}:00`;
    case 'schedule_crontab':
      return draw.pick(['0 3 * * 1-5', '0 0 * * *', '0 7 * * *', '*/5 * * * *']);
    case 'refresh':
    case 'refresh_token': {
      const tokens = known.refreshTokens();
      return tokens.length && draw.chance(0.5) ? draw.pick(tokens) : draw.text(43);
    }
    case 'code':
      return draw.text(6, '0123456789');
    case 'chat_id':
      return `-100${draw.text(8, '0123456789')}`;
    case 'ticker':
      return draw.pick(['BTCUSDT', 'ETHUSDT', draw.text(6).toUpperCase()]);
    default:
      return undefined;
  }
}

// ---- requests ----

export interface FuzzRequest {
  method: string;
  /** Path and query, percent-encoded. */
  url: string;
  contentType?: string;
  body?: string;
}

/** Percent-encodes text; an unpaired surrogate goes out as its 3 bytes (WTF-8), which no valid UTF-8 has. */
function encodeText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(char);
  }
  return out;
}

/** How a value reads in a path or a query string. */
function asText(value: unknown): string | string[] | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => String(v));
  return JSON.stringify(value);
}

const RAW_BODIES: { contentType: string; body: (draw: Draw) => string }[] = [
  { contentType: 'application/json', body: () => '['.repeat(5_000) + ']'.repeat(5_000) },
  { contentType: 'application/json', body: () => '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000) },
  { contentType: 'application/json', body: () => '{"email": ' },
  { contentType: 'application/json', body: () => '' },
  { contentType: 'application/json', body: () => 'null' },
  { contentType: 'application/json', body: () => '"\\u0000"' },
  { contentType: 'application/json', body: () => '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { contentType: 'application/json', body: () => JSON.stringify(Array.from({ length: 20_000 }, () => ({}))) },
  { contentType: 'application/json', body: (draw) => JSON.stringify({ [draw.text(5)]: 'x'.repeat(900_000) }) },
  { contentType: 'application/json', body: () => '{"a":1,"a":2}' },
  { contentType: 'application/json; charset=utf-16', body: () => '{}' },
  { contentType: 'text/plain', body: () => 'hello' },
  { contentType: 'application/x-www-form-urlencoded', body: () => 'email=a%00&password=b' },
];

/**
 * One case of an operation. Most cases are valid requests with one value made hostile, so the
 * hostile value meets the deeper rules; the rest make everything hostile or break the body's shape.
 */
export function buildCase(op: Operation, draw: Draw, known: Known, document: OpenApiDocument): FuzzRequest {
  const mode = draw.pick(['valid', 'one-hostile', 'one-hostile', 'one-hostile', 'all-hostile', 'shape'] as const);
  const slots: { kind: 'path' | 'query' | 'body'; name: string }[] = [];
  const pathValues: Record<string, unknown> = {};
  const queryValues: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in === 'path') {
      pathValues[p.name] = validValue(p.schema ?? {}, p.name, draw, known, document);
      slots.push({ kind: 'path', name: p.name });
    } else if (p.in === 'query') {
      if (p.required || draw.chance(0.5)) queryValues[p.name] = validValue(p.schema ?? {}, p.name, draw, known, document);
      slots.push({ kind: 'query', name: p.name });
    }
  }
  const bodySchema = op.body ? resolve(op.body, document) : undefined;
  let body: unknown = bodySchema ? validValue(bodySchema, '', draw, known, document) : undefined;
  if (bodySchema && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of Object.keys(bodySchema.properties ?? {})) slots.push({ kind: 'body', name: key });
  }

  const makeHostile = (slot: { kind: 'path' | 'query' | 'body'; name: string }) => {
    const value = hostileValue(draw);
    if (slot.kind === 'path') pathValues[slot.name] = value;
    else if (slot.kind === 'query') queryValues[slot.name] = value;
    else (body as Record<string, unknown>)[slot.name] = value;
  };
  let raw: { contentType: string; body: string } | undefined;
  if (mode === 'one-hostile' && slots.length) makeHostile(draw.pick(slots));
  if (mode === 'all-hostile') slots.forEach(makeHostile);
  if (mode === 'shape' || (mode === 'one-hostile' && !slots.length)) {
    const what = draw.int(0, 3);
    if (what === 0) {
      const r = draw.pick(RAW_BODIES);
      raw = { contentType: r.contentType, body: r.body(draw) };
    } else if (what === 1) {
      body = hostileValue(draw);
    } else if (what === 2) {
      queryValues[draw.pick(['page', 'page_size', 'ordering', 'x', 'id', '__proto__', 'search'])] = draw.pick([['1', '2'], hostileValue(draw)]);
    } else if (body && typeof body === 'object' && !Array.isArray(body)) {
      Object.defineProperty(body, draw.pick(['extra', 'id', 'is_superuser', '__proto__']), { value: hostileValue(draw), enumerable: true });
    } else {
      body = { [draw.text(4)]: hostileValue(draw) };
    }
  }

  let path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const text = asText(pathValues[name]);
    return encodeText(Array.isArray(text) ? text.join(',') : (text ?? ''));
  });
  path += draw.chance(0.95) ? '/' : '';
  const query: string[] = [];
  for (const [key, value] of Object.entries(queryValues)) {
    const text = asText(value);
    for (const one of Array.isArray(text) ? text : text === undefined ? [] : [text]) query.push(`${encodeText(key)}=${encodeText(one)}`);
  }
  const url = query.length ? `${path}?${query.join('&')}` : path;
  // fetch sends no body with GET (nor would a browser).
  if (op.method === 'GET') return { method: op.method, url };
  if (raw) return { method: op.method, url, contentType: raw.contentType, body: raw.body };
  if (body === undefined) return { method: op.method, url };
  return { method: op.method, url, contentType: 'application/json', body: JSON.stringify(body) };
}
