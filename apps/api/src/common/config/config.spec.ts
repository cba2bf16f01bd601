import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadEncryptionKey } from './config';

const valid = {
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/db',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_SECRET: 'x'.repeat(40),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('loadConfig', () => {
  it('accepts a valid environment with defaults', () => {
    const c = loadConfig(valid);
    expect(c.port).toBe(3000);
    expect(c.encryptionKey).toHaveLength(32);
    expect(c.captchaProvider).toBe('altcha');
    expect(c.accessTokenTtlSeconds).toBe(900);
  });

  it('names every missing or malformed variable', () => {
    try {
      loadConfig({ ...valid, DATABASE_URL: '', REDIS_URL: 'http://x', PORT: 'abc', ENCRYPTION_KEY: 'short' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const msg = (e as Error).message;
      expect(msg).toContain('DATABASE_URL is missing');
      expect(msg).toContain('REDIS_URL must start with');
      expect(msg).toContain('PORT must be a whole number');
      expect(msg).toContain('ENCRYPTION_KEY must be 32 bytes');
    }
  });

  it('names a variable required by another one alongside the other problems', () => {
    expect(() => loadConfig({ ...valid, CAPTCHA_PROVIDER: 'recaptcha', PORT: '0', LOG_LEVEL: 'loud' })).toThrow(
      /PORT must be a whole number from 1 to 65535\n.*LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent\n.*RECAPTCHA_SECRET is missing \(CAPTCHA_PROVIDER=recaptcha\)\n.*RECAPTCHA_SITE_KEY is missing \(CAPTCHA_PROVIDER=recaptcha\)/,
    );
  });

  it('reads ENCRYPTION_KEY as hex or base64, and alone for the CLI', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(loadConfig({ ...valid, ENCRYPTION_KEY: bytes.toString('base64') }).encryptionKey).toEqual(bytes);
    expect(loadEncryptionKey({ ENCRYPTION_KEY: bytes.toString('hex') })).toEqual(bytes);
    expect(() => loadEncryptionKey({})).toThrow('ENCRYPTION_KEY is missing');
  });

  it('reads TRUST_PROXY as a hop count (a number, as Express needs it) or a list of trusted proxies', () => {
    expect(loadConfig(valid).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ ...valid, TRUST_PROXY: '' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ ...valid, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...valid, TRUST_PROXY: 'loopback, 10.0.0.0/8,fd00::/8, 192.0.2.7' }).trustProxy).toEqual(['loopback', '10.0.0.0/8', 'fd00::/8', '192.0.2.7']);
    for (const wrong of ['true', '11', 'loopback,', '10.0.0.0/33', 'proxy.example.com', '1.5']) {
      expect(() => loadConfig({ ...valid, TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY must be a number of proxy hops/);
    }
  });

  it('reads the public URL, the docs switch and the body time limit', () => {
    const defaults = loadConfig({ ...valid, PORT: '3100' });
    expect(defaults.publicUrl).toBe('http://localhost:3100');
    expect(defaults.apiDocs).toBe(true);
    expect(defaults.bodyTimeoutMs).toBe(30_000);
    expect(loadConfig({ ...valid, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...valid, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ ...valid, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ ...valid, PUBLIC_URL: 'https://console.example.com/' }).publicUrl).toBe('https://console.example.com');
    expect(() => loadConfig({ ...valid, PUBLIC_URL: 'ftp://x', API_DOCS: 'yes', BODY_TIMEOUT_MS: '5' })).toThrow(
      /PUBLIC_URL must start with https: or http:\/\/\n.*API_DOCS must be one of true, false\n.*BODY_TIMEOUT_MS must be a whole number/,
    );
  });

  it('reads the export store: the local folder by default, a bucket with EXPORT_STORE=s3', () => {
    expect(loadConfig(valid).exportStore).toBe('local');
    const s3 = loadConfig({ ...valid, EXPORT_STORE: 's3', EXPORT_S3_BUCKET: 'b', EXPORT_S3_ENDPOINT: 'http://s3:8333', EXPORT_S3_FORCE_PATH_STYLE: 'false' });
    expect(s3.exportStore).toBe('s3');
    expect(s3.exportS3).toMatchObject({ bucket: 'b', endpoint: 'http://s3:8333', region: 'us-east-1', forcePathStyle: false });
    expect(() => loadConfig({ ...valid, EXPORT_STORE: 's3' })).toThrow('EXPORT_S3_BUCKET is missing (EXPORT_STORE=s3)');
    expect(() => loadConfig({ ...valid, EXPORT_STORE: 'nfs' })).toThrow('EXPORT_STORE must be one of local, s3');
  });

  it('reads the small exports\' lane: up to 10,000 rows on one slot by default, 0 for none', () => {
    expect(loadConfig(valid)).toMatchObject({ exportSmallRows: 10_000, exportSmallConcurrency: 1 });
    expect(loadConfig({ ...valid, EXPORT_SMALL_ROWS: '0', EXPORT_SMALL_CONCURRENCY: '3' })).toMatchObject({ exportSmallRows: 0, exportSmallConcurrency: 3 });
    expect(() => loadConfig({ ...valid, EXPORT_SMALL_ROWS: '100001', EXPORT_SMALL_CONCURRENCY: '0' })).toThrow(
      /EXPORT_SMALL_ROWS must be a whole number from 0 to 100000\n.*EXPORT_SMALL_CONCURRENCY must be a whole number from 1 to 64/,
    );
  });

  it('reads the replica: none unless DATABASE_READ_URL is set, a read-after-write window of 5 s by default', () => {
    const none = loadConfig({ ...valid, DATABASE_READ_URL: '' });
    expect(none.readDatabaseUrl).toBeUndefined();
    expect(none.readAfterWriteMs).toBe(5_000);
    const given = loadConfig({ ...valid, DATABASE_READ_URL: 'postgres://u@replica:5432/db', READ_AFTER_WRITE_MS: '0' });
    expect(given).toMatchObject({ readDatabaseUrl: 'postgres://u@replica:5432/db', readAfterWriteMs: 0 });
    expect(() => loadConfig({ ...valid, DATABASE_READ_URL: 'mysql://replica/db', READ_AFTER_WRITE_MS: '-1' })).toThrow(
      /DATABASE_READ_URL must start with postgres: or postgresql:\/\/\n.*READ_AFTER_WRITE_MS must be a whole number/,
    );
  });

  it('reads the retention of the time-partitioned tables: forever by default, logs never shorter than the sign-in history', () => {
    expect(loadConfig(valid)).toMatchObject({ logsRetentionDays: 0, accountMetricsRetentionDays: 0, partitionMonthsAhead: 2 });
    expect(loadConfig({ ...valid, LOGS_RETENTION_DAYS: '90', ACCOUNT_METRICS_RETENTION_DAYS: '7' })).toMatchObject({ logsRetentionDays: 90, accountMetricsRetentionDays: 7 });
    expect(() => loadConfig({ ...valid, LOGS_RETENTION_DAYS: '30' })).toThrow('LOGS_RETENTION_DAYS must be 0 (keep forever) or at least 90, the days the sign-in history shows');
    expect(() => loadConfig({ ...valid, ACCOUNT_METRICS_RETENTION_DAYS: '-1' })).toThrow('ACCOUNT_METRICS_RETENTION_DAYS must be a whole number from 0 to 36500');
  });
});
