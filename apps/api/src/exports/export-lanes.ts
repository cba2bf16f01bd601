/**
 * Export lanes: a task of at most EXPORT_SMALL_ROWS rows runs on a queue with slots of its own, so it never
 * waits for a slot held by a million-row export. The lane is chosen once, when the task is made, and kept
 * on its row; every step that reaches the task's job (publish, sweep, cancel, new ranks) goes to that
 * lane's queue.
 */
import { Inject, Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { ExportLane, Perm } from '@console/contracts';
import type { Db } from '../common/database/sql';
import { EXPORTS_QUEUE, SMALL_EXPORTS_QUEUE } from '../queues/queue-producers.module';
import { countExportRowsUpTo, type ExportSource } from './export-source';

/** Each lane's queue. */
@Injectable()
export class ExportQueues {
  private readonly byLane: Readonly<Record<ExportLane, Queue>>;

  constructor(@Inject(EXPORTS_QUEUE) main: Queue, @Inject(SMALL_EXPORTS_QUEUE) small: Queue) {
    this.byLane = { main, small };
  }

  of(lane: ExportLane): Queue {
    return this.byLane[lane];
  }
}

/**
 * The lane of a new task: small when the rows it will hold (the same filters and row scope its run reads)
 * are at most `smallRows`. Counted no further than one past that: a big export's count stops there, as the
 * list's capped count does. `smallRows` 0: no small lane.
 */
export async function exportLaneOf(db: Db, source: ExportSource, filters: Record<string, unknown>, perm: Perm, smallRows: number): Promise<ExportLane> {
  if (smallRows <= 0) return 'main';
  return (await countExportRowsUpTo(db, source, filters, perm, smallRows + 1)) <= smallRows ? 'small' : 'main';
}
