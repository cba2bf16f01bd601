import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NOTICES } from '@console/contracts';
import { readEngineHeartbeat } from '../engine/engine-heartbeat';
import { EngineAlertsRepository } from './engine-alerts.repository';

/** Engine error rows one sweep announces; the next sweep takes the rest. */
const ERROR_BATCH = 100;

/**
 * Engine alerts (kind engine_alert), written by the worker's alert sweep: the engine's heartbeat going
 * stale and coming back, by health's rule, and each `error` log row the engine writes. What was announced
 * is recorded in engine_alert_state in the notification's own transaction, under the row's lock, so two
 * workers, a second sweep or a restart announce each change and each row once.
 */
@Injectable()
export class EngineAlertsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly alerts: EngineAlertsRepository,
  ) {}

  /** Both watches; answers the ids of the notifications written. */
  async sweep(): Promise<string[]> {
    const changed = await this.watchHeartbeat();
    return [...(changed ? [changed] : []), ...(await this.announceErrors())];
  }

  /**
   * One notification when the heartbeat's state differs from the recorded one. An engine that never beat
   * has nothing to announce, and the first state seen of a running engine is recorded without one (an
   * engine coming up is not news); a stale heartbeat seen first is announced.
   */
  async watchHeartbeat(): Promise<string | null> {
    return this.dataSource.transaction(async (m) => {
      const state = await this.alerts.lock(m);
      const beat = await readEngineHeartbeat(m);
      if (!beat.heartbeat_at || state.engine_up === beat.fresh) return null;
      await this.alerts.setEngineUp(m, beat.fresh);
      if (beat.fresh && state.engine_up === null) return null;
      const notice = beat.fresh ? NOTICES.engineBack(utcSecond(state.changed_at)) : NOTICES.engineDown(utcSecond(beat.heartbeat_at));
      return this.alerts.notify(m, notice.title, notice.text_body);
    });
  }

  /**
   * One notification per engine `error` log row after the recorded mark, in id order; the first sweep sets
   * the mark at the newest row. A row written in the last seconds waits for the next sweep, and so do the
   * rows after it, so a lower id committed late is not passed over.
   */
  async announceErrors(): Promise<string[]> {
    return this.dataSource.transaction(async (m) => {
      const state = await this.alerts.lock(m);
      if (state.error_log_mark === null) {
        await this.alerts.setErrorMark(m, await this.alerts.newestLogId(m));
        return [];
      }
      const rows = await this.alerts.engineErrorsAfter(m, state.error_log_mark, ERROR_BATCH);
      const ready = rows.slice(0, firstUnsettled(rows));
      const ids: string[] = [];
      for (const row of ready) {
        const notice = NOTICES.engineError(row);
        ids.push(await this.alerts.notify(m, notice.title, notice.text_body));
      }
      if (ready.length) await this.alerts.setErrorMark(m, ready[ready.length - 1].id);
      return ids;
    });
  }
}

function firstUnsettled(rows: { settled: boolean }[]): number {
  const index = rows.findIndex((r) => !r.settled);
  return index < 0 ? rows.length : index;
}

function utcSecond(at: Date | null): string {
  return at ? new Date(at).toISOString().slice(0, 19).replace('T', ' ') : '?';
}
