import { Injectable } from '@nestjs/common';
import { type Db, queryRows } from '../common/database/sql';

/** Every statement on `notifications` outside its list declaration. */
@Injectable()
export class NotificationsRepository {
  async insert(db: Db, notification: { title: string; text_body: string }): Promise<string> {
    const [row] = await queryRows<{ id: string }>(db, `INSERT INTO notifications (title, text_body) VALUES ($1, $2) RETURNING id::text`, [
      notification.title,
      notification.text_body,
    ]);
    return row.id;
  }
}
