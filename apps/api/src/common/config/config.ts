/**
 * Configuration from the environment, validated once at start: a missing or malformed variable
 * stops the process with a message naming it.
 */
import { resolve } from 'node:path';

export type CaptchaProvider = 'altcha' | 'recaptcha' | 'off';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  databaseUrl: string;
  redisUrl: string;
  port: number;
  jwtSecret: string;
  /** 32 bytes for AES-256-GCM. */
  encryptionKey: Buffer;
  exportDir: string;
  logLevel: LogLevel;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  captchaProvider: CaptchaProvider;
  recaptchaSecret: string;
  recaptchaVerifyUrl: string;
  /** Where the built SPA lives; empty when the API serves no SPA. */
  webDistDir: string;
  /** Prefix of every Redis key and queue, so several deployments (or test files) share one Redis. */
  redisPrefix: string;
  workerConcurrency: number;
  /** Telegram Bot API base; tests point it at a local fake server. */
  telegramApiBaseUrl: string;
  /** First retry delay of a failed Telegram send; later retries double it (5 attempts in all). */
  telegramRetryDelayMs: number;
  /** A write route that succeeds without an audit row fails instead of getting a generic row (tests). */
  auditStrict: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const ENCRYPTION_KEY_PROBLEM = 'ENCRYPTION_KEY must be 32 bytes, as 64 hex digits or base64';

/** ENCRYPTION_KEY as bytes: 64 hex digits, else base64. The caller checks for 32 bytes. */
function parseEncryptionKey(raw: string): Buffer {
  return /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
}

/** ENCRYPTION_KEY alone, for the CLI tasks that need no other setting. */
export function loadEncryptionKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const key = parseEncryptionKey(env.ENCRYPTION_KEY?.trim() ?? '');
  if (key.length !== 32) throw new ConfigError([env.ENCRYPTION_KEY ? ENCRYPTION_KEY_PROBLEM : 'ENCRYPTION_KEY is missing']);
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name];
    if (!value || !value.trim()) problems.push(`${name} is missing`);
    return value?.trim() ?? '';
  };
  const url = (name: string, protocols: string[]): string => {
    const value = required(name);
    if (!value) return value;
    try {
      const parsed = new URL(value);
      if (!protocols.includes(parsed.protocol)) problems.push(`${name} must start with ${protocols.join(' or ')}//`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return value;
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const oneOf = <T extends string>(name: string, options: readonly T[], fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!options.includes(raw as T)) problems.push(`${name} must be one of ${options.join(', ')}`);
    return raw as T;
  };

  const jwtSecret = required('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  const keyRaw = required('ENCRYPTION_KEY');
  const encryptionKey = keyRaw ? parseEncryptionKey(keyRaw) : Buffer.alloc(0);
  if (keyRaw && encryptionKey.length !== 32) problems.push(ENCRYPTION_KEY_PROBLEM);
  const captchaProvider = oneOf<CaptchaProvider>('CAPTCHA_PROVIDER', ['altcha', 'recaptcha', 'off'], 'altcha');
  const recaptchaSecret = env.RECAPTCHA_SECRET ?? '';
  if (captchaProvider === 'recaptcha' && !recaptchaSecret) problems.push('RECAPTCHA_SECRET is missing (CAPTCHA_PROVIDER=recaptcha)');

  const config: AppConfig = {
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    port: integer('PORT', 3000, 1, 65535),
    jwtSecret,
    encryptionKey,
    exportDir: resolve(env.EXPORT_DIR || 'exports'),
    logLevel: oneOf<LogLevel>('LOG_LEVEL', LOG_LEVELS, 'info'),
    accessTokenTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', 15 * 60, 10, 24 * 3600),
    refreshTokenTtlSeconds: integer('REFRESH_TOKEN_TTL_SECONDS', 7 * 24 * 3600, 60, 365 * 24 * 3600),
    captchaProvider,
    recaptchaSecret,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL || 'https://www.google.com/recaptcha/api/siteverify',
    webDistDir: env.WEB_DIST_DIR ?? resolve(__dirname, '../../../../web/dist'),
    redisPrefix: env.REDIS_PREFIX || 'console',
    workerConcurrency: integer('WORKER_CONCURRENCY', 4, 1, 64),
    telegramApiBaseUrl: (env.TELEGRAM_API_BASE_URL ? url('TELEGRAM_API_BASE_URL', ['https:', 'http:']) : 'https://api.telegram.org').replace(/\/+$/, ''),
    telegramRetryDelayMs: integer('TELEGRAM_RETRY_DELAY_MS', 5_000, 1, 10 * 60 * 1000),
    auditStrict: oneOf('AUDIT_STRICT', ['true', 'false'], 'false') === 'true',
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** Nest injection token for AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
