/** An S3-compatible server (s3rver) on a free loopback port, with one empty bucket, for a test file. */
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** EXPORT_STORE=s3 and its settings, for createTestApp. */
  env: Record<string, string>;
  client: S3Client;
  bucket: string;
  /** The bucket's keys under `prefix`. */
  keys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3(bucket = 'console-exports'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  // s3rver's default credentials.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials });
  return {
    env: {
      EXPORT_STORE: 's3',
      EXPORT_S3_BUCKET: bucket,
      EXPORT_S3_ENDPOINT: endpoint,
      EXPORT_S3_REGION: 'us-east-1',
      EXPORT_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      EXPORT_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      EXPORT_S3_FORCE_PATH_STYLE: 'true',
    },
    client,
    bucket,
    keys: async (prefix = '') => ((await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? []).map((o) => o.Key ?? ''),
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
