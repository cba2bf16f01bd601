import { DataSource } from 'typeorm';
import { ACCOUNT_PASSWORD_PATTERN, EMAIL_PATTERN, OWN_MESSAGES, permsAll } from '@console/contracts';
import { hashPassword } from '../auth/passwords';
import { AuditService } from '../logs/audit.service';

const ADMIN_GROUP_NAME = 'Administrators';

interface AdminAccount {
  id: number;
  email: string;
  group: string;
}

/**
 * Creates or resets an active user in the "Administrators" group (every section Full). A reset also
 * clears the authenticator enrolment and ends every session: it is the way back in for a locked-out admin.
 */
export async function createOrResetAdmin(dataSource: DataSource, email: string, password: string): Promise<AdminAccount> {
  const normalized = email.trim();
  if (!EMAIL_PATTERN.test(normalized)) throw new Error(`Not a valid email: ${email}`);
  // The same rule as an account's own password change in the API.
  if (!ACCOUNT_PASSWORD_PATTERN.test(password)) throw new Error(OWN_MESSAGES.passwordRules);
  const hash = await hashPassword(password);
  return dataSource.transaction(async (m) => {
    await m.query(
      `INSERT INTO groups (name, perms) VALUES ($1, $2::jsonb) ON CONFLICT (lower(name)) DO UPDATE SET perms = EXCLUDED.perms, updated_at = now()`,
      [ADMIN_GROUP_NAME, JSON.stringify(permsAll('Full'))],
    );
    const [group]: { id: number }[] = await m.query(`SELECT id FROM groups WHERE lower(name) = lower($1)`, [ADMIN_GROUP_NAME]);
    const existing: { id: number }[] = await m.query(`SELECT id FROM users WHERE lower(email) = lower($1)`, [normalized]);
    let id: number;
    if (existing.length) {
      id = existing[0].id;
      await m.query(
        `UPDATE users SET password_hash = $2, is_active = true, group_id = $3, totp_secret_enc = NULL, totp_verified = false,
                totp_last_step = NULL, updated_at = now() WHERE id = $1`,
        [id, hash, group.id],
      );
      await m.query(`UPDATE token_families SET revoked_at = now(), revoked_reason = 'admin_reset' WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
    } else {
      [{ id }] = await m.query(`INSERT INTO users (email, password_hash, group_id) VALUES ($1, $2, $3) RETURNING id`, [normalized, hash, group.id]);
    }
    // Through the audit service, like every other log row: its masking applies here too.
    await new AuditService(dataSource).write({ type: 'user', event_type: 'admin_created_or_reset', user_id: id, log_data: { email: normalized, via: 'cli' } }, m);
    return { id, email: normalized, group: ADMIN_GROUP_NAME };
  });
}
