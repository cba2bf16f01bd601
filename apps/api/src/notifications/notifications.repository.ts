import { Injectable } from '@nestjs/common';
import type { NotificationKind } from '@console/contracts';
import { type Db, queryRows } from '../common/database/sql';

/** Every statement on `notifications` outside its list declaration. */
@Injectable()
export class NotificationsRepository {
  /** `kind`: what users may route to their own channels; `userId`: the one user it concerns, if any. */
  async insert(db: Db, notification: { title: string; text_body: string; kind?: NotificationKind; userId?: number }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(db, `INSERT INTO notifications (title, text_body, kind, user_id) VALUES ($1, $2, $3, $4) RETURNING id::text`, [
      notification.title,
      notification.text_body,
      notification.kind ?? null,
      notification.userId ?? null,
    ]);
    return row.id;
  }
}
