import { DataSource } from 'typeorm';
import { ACCOUNT_PASSWORD_PATTERN, EMAIL_PATTERN, OWN_MESSAGES, permsAll } from '@console/contracts';
import { hashPassword } from '../../auth/passwords';
import { SessionsRepository } from '../../auth/sessions.repository';
import { GroupsRepository } from '../groups/groups.repository';
import { AuditService } from '../../logs/audit.service';
import { CredentialsRepository } from '../../auth/credentials.repository';
import { UsersRepository } from './users.repository';

const ADMIN_GROUP_NAME = 'Administrators';
// Outside the Nest container (the CLI runs this); both are stateless.
const users = new UsersRepository();
const credentials = new CredentialsRepository();
const groups = new GroupsRepository();
const sessions = new SessionsRepository();

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
    const groupId = await groups.upsertByName(m, { name: ADMIN_GROUP_NAME, perms: permsAll('Full') });
    let id = await credentials.idByEmail(m, normalized);
    if (id !== undefined) {
      await users.resetAccess(m, id, { passwordHash: hash, groupId });
      await sessions.revokeUserSessions(m, id, 'admin_reset');
    } else {
      id = await users.insert(m, { email: normalized, passwordHash: hash, groupId });
    }
    // Through the audit service, like every other log row: its masking applies here too.
    await new AuditService(dataSource).write({ type: 'user', event_type: 'admin_created_or_reset', user_id: id, log_data: { email: normalized, via: 'cli' } }, m);
    return { id, email: normalized, group: ADMIN_GROUP_NAME };
  });
}
