import { Injectable } from '@nestjs/common';
import { type Db, queryRows } from '../common/database/sql';

/** A signal with its open position, as the actions read it. */
export interface SignalTarget {
  id: string;
  state: string;
  /** The signal's position (open or closed), if anything was ever filled. */
  position_id: string | null;
}

/**
 * The look-ups of the signal actions: only signals within the group's row scope (access/row-scopes.ts)
 * are found, so a Limited group cannot act on a signal it cannot see.
 */
@Injectable()
export class SignalsRepository {
  async targets(db: Db, ids: readonly (number | string)[], scope: readonly string[]): Promise<SignalTarget[]> {
    const where = ['signals.id = ANY($1::bigint[])', ...scope].map((c) => `(${c})`).join(' AND ');
    return queryRows<SignalTarget>(
      db,
      `SELECT signals.id::text, signals.state, pos.id::text AS position_id
         FROM signals LEFT JOIN positions pos ON pos.signal_id = signals.id
        WHERE ${where} ORDER BY signals.id`,
      [ids.map(String)],
    );
  }
}
