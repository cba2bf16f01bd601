import { Injectable } from '@nestjs/common';
import { NOTICES } from '@console/contracts';
import { type Db, firstRow } from '../common/database/sql';
import { NotificationsService } from '../notifications/notifications.service';

/**
 * A sign-in from a browser (with its system) and an address this user has not signed in from before
 * is announced: in the notification feed, and on Telegram when the bot is set up. A user's very first
 * sign-in is not: every device is new then, and the account was just handed over.
 */
@Injectable()
export class NewDeviceService {
  constructor(private readonly notifications: NotificationsService) {}

  /**
   * Whether to announce this sign-in, read before its own success row is written (same transaction).
   * Both lookups walk only the user's sign-in rows (the partial index on logs).
   */
  async isNewDevice(db: Db, userId: number, address: string, device: string): Promise<boolean> {
    const row = await firstRow<{ before: boolean; seen: boolean }>(
      db,
      `SELECT EXISTS (SELECT 1 FROM logs WHERE user_id = $1 AND type = 'user' AND event_type = 'login_success') AS before,
              EXISTS (SELECT 1 FROM logs WHERE user_id = $1 AND type = 'user' AND event_type = 'login_success'
                         AND log_data->>'ip' = $2 AND log_data->>'device' = $3) AS seen`,
      [userId, address, device],
    );
    return !!row?.before && !row.seen;
  }

  /** After the sign-in committed: a failure to store the notice never fails the sign-in. */
  announce(userId: number, email: string, device: string, address: string): Promise<void> {
    return this.notifications.announce({ ...NOTICES.newDeviceSignIn(email, device, address), kind: 'new_device_sign_in', userId });
  }
}
