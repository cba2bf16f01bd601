import { Inject, Injectable } from '@nestjs/common';
import type { SmtpSettings } from '@console/contracts';
import { APP_CONFIG, AppConfig } from '../../common/config/config';
import { decryptSecret, encryptSecret } from '../../common/crypto/secrets';
import { type Db, firstRow } from '../../common/database/sql';

interface SmtpRow {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  password_enc: string | null;
  from_address: string;
}

/** Reads and writes smtp_settings (a single row), the password encrypted at rest. */
@Injectable()
export class SmtpSettingsRepository {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The settings with the password in clear, or null while email is not set up. */
  async read(db: Db, lock = false): Promise<SmtpSettings | null> {
    const row = await firstRow<SmtpRow>(db, `SELECT host, port, secure, username, password_enc, from_address FROM smtp_settings ${lock ? 'FOR UPDATE' : ''}`);
    if (!row) return null;
    return {
      host: row.host,
      port: row.port,
      secure: row.secure,
      username: row.username ?? '',
      password: row.password_enc ? decryptSecret(row.password_enc, this.config.encryptionKey) : '',
      from_address: row.from_address,
    };
  }

  /** Inserts the row or updates it: the singleton column makes a second row impossible. */
  async write(db: Db, next: SmtpSettings): Promise<void> {
    await db.query(
      `INSERT INTO smtp_settings (host, port, secure, username, password_enc, from_address) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (singleton) DO UPDATE SET host = EXCLUDED.host, port = EXCLUDED.port, secure = EXCLUDED.secure, username = EXCLUDED.username,
              password_enc = EXCLUDED.password_enc, from_address = EXCLUDED.from_address, updated_at = now()`,
      [next.host, next.port, next.secure, next.username || null, next.password ? encryptSecret(next.password, this.config.encryptionKey) : null, next.from_address],
    );
  }
}
