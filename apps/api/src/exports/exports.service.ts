import { HttpException, HttpStatus, Inject, Injectable, Logger, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { defaultPerm, EXPORT_MESSAGES, exportFilename, isExportStillVisible, type ExportedList, type Perm } from '@console/contracts';
import type { Principal } from '../access/principal';
import { APP_CONFIG, AppConfig } from '../common/config/config';
import { BadRequestDetail, ForbiddenDetail, NotFoundDetail, TooManyRequestsDetail } from '../common/errors/api-errors';
import { handOffAfterCommit } from '../queues/after-commit';
import { publishAfterCommit } from '../queues/outbox';
import { LiveEvents } from '../live/live-events';
import { ExportQueues, exportLaneOf } from './export-lanes';
import { exportChange } from './export-live-changes';
import { EXPORT_STORE, type ExportStore } from './export-store';
import { ExportTaskRecord, ExportTasksRepository } from './export-tasks.repository';
import { visibleColumns } from './export-source';
import { EXPORT_SOURCES, exportSourceOf } from './export-sources';
import type { ExportStartDto, ExportTaskDto } from './exports.dto';
import { exportJobId, exportsOutbox, moveUpWaiting } from './exports.outbox';

/** Params of a list query that choose a page, not rows: an export has every page. */
const PAGING = new Set(['page', 'page_size', 'cursor']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A task's state as its calls answer it: the file's name only while it can be downloaded. */
function taskAnswer(task: ExportTaskRecord): ExportTaskDto {
  const expired = task.expired_at !== null;
  return { task_status: task.status, progress: task.progress, filename: task.status === 'SUCCESS' && !expired ? task.filename : null, expired };
}

class GoneDetail extends HttpException {
  constructor(detail: string) {
    super({ detail }, HttpStatus.GONE);
  }
}

/**
 * Export tasks from the API side: a task is a row (with the filters and the requester's perm of the list,
 * so the file holds what they could see when they asked), then a job; its state, its file and its cancel
 * are the requester's alone (another user's task answers 404, as a missing one does).
 */
@Injectable()
export class ExportsService {
  private readonly logger = new Logger('Exports');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: ExportQueues,
    private readonly tasks: ExportTasksRepository,
    private readonly live: LiveEvents,
    @Inject(EXPORT_STORE) private readonly store: ExportStore,
  ) {}

  private get outbox() {
    return exportsOutbox(this.config.exportStaleAfterMs, { db: this.dataSource, tasks: this.tasks, live: this.live });
  }

  /**
   * A task for the list's rows as the user filters and sees them. The same request still waiting answers
   * its task again; a user with EXPORT_MAX_PER_USER exports waiting or running is refused (429), so one
   * user cannot fill the workers' queue. A new task of at most EXPORT_SMALL_ROWS rows goes to the small
   * lane, whose slots big exports never hold.
   */
  async start(principal: Principal, kind: ExportedList, query: object): Promise<ExportStartDto> {
    if (!principal.sourcePerm) throw new Error(`export of ${kind} declared without its list's section`);
    // Validated DTO values as JSON (dates as ISO text): what the worker's filters read back.
    const filters = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(query)) as Record<string, unknown>).filter(([k]) => !PAGING.has(k)));
    const task = { kind, filters, listPerm: principal.sourcePerm, filename: exportFilename(kind, filters, new Date()), requestedBy: principal.userId };
    const made = await this.dataSource.transaction(async (m) => {
      await this.tasks.lockUserStarts(m, principal.userId);
      const twin = await this.tasks.findWaitingTwin(m, task);
      if (twin) return { id: twin, created: false };
      if ((await this.tasks.countUnfinished(m, principal.userId)) >= this.config.exportMaxPerUser) throw new TooManyRequestsDetail(EXPORT_MESSAGES.tooMany);
      // Counted from the stored filters and perm, as the run will read its rows.
      const lane = await exportLaneOf(m, EXPORT_SOURCES[kind], task.filters, task.listPerm, this.config.exportSmallRows);
      return { id: await this.tasks.create(m, { ...task, lane }), created: true };
    });
    if (!made.created) return { task_id: made.id };
    const id = made.id;
    await Promise.all([
      publishAfterCommit(this.outbox, this.queues, [id], this.config.enqueueTimeoutMs, this.logger),
      this.live.publish(...exportChange({ id, kind, requested_by: principal.userId }, 'PENDING', 0)),
    ]);
    return { task_id: id };
  }

  async state(principal: Principal, kind: ExportedList, id: string): Promise<ExportTaskDto> {
    return taskAnswer(await this.own(principal, kind, id));
  }

  /**
   * The requester stops a task that waits or runs: the row says CANCELLED first (a run stops at its next
   * progress write and deletes its file), then a job no worker took yet leaves its lane's queue. Under the
   * user's start lock, so an identical request either got the task before the cancel or finds it cancelled
   * and makes a new one. A task that has ended answers 400; one already cancelled answers its state again.
   */
  async cancel(principal: Principal, kind: ExportedList, id: string): Promise<ExportTaskDto> {
    const owned = await this.own(principal, kind, id);
    const cancelled = await this.dataSource.transaction(async (m) => {
      await this.tasks.lockUserStarts(m, principal.userId);
      return this.tasks.cancel(m, owned.id, kind, principal.userId);
    });
    if (!cancelled) {
      const task = await this.own(principal, kind, id);
      if (task.status === 'CANCELLED') return taskAnswer(task);
      throw new BadRequestDetail(EXPORT_MESSAGES.notCancellable);
    }
    const dequeue = async () => {
      // 0 when a worker holds the job: its run stops at its next progress write. A job left in the queue
      // (Redis away now) finds its task ended and does nothing.
      await this.queues.of(cancelled.lane).remove(exportJobId(cancelled.id));
      // Its place is free: the user's other waiting exports move up.
      await moveUpWaiting({ db: this.dataSource, tasks: this.tasks }, this.queues, principal.userId, this.logger);
    };
    await Promise.all([
      handOffAfterCommit(dequeue(), this.config.enqueueTimeoutMs, this.logger, `export ${cancelled.id} cancelled, its job`),
      this.live.publish(...exportChange(cancelled, 'CANCELLED', cancelled.progress)),
    ]);
    return taskAnswer(cancelled);
  }

  /**
   * The finished file, named for the user; 410 once it has expired. The guard has checked the list's
   * section as it is now (NP: 403); at Limited the file must hold nothing the group no longer sees (403).
   */
  async file(principal: Principal, kind: ExportedList, id: string): Promise<StreamableFile> {
    const task = await this.own(principal, kind, id);
    if (!principal.sourcePerm) throw new Error(`export file of ${kind} declared without its list's section`);
    const made: Perm = { ...defaultPerm(principal.sourcePerm.section_name), ...task.list_perm };
    const source = exportSourceOf(task.kind);
    const columns = source ? visibleColumns(source, made).map((c) => c.field) : [];
    if (!isExportStillVisible(made, principal.sourcePerm, columns)) throw new ForbiddenDetail(EXPORT_MESSAGES.beyondAccess);
    if (task.expired_at) throw new GoneDetail(EXPORT_MESSAGES.expired);
    if (task.status === 'CANCELLED') throw new NotFoundDetail(EXPORT_MESSAGES.cancelled);
    if (task.status !== 'SUCCESS' || !task.file_path || !task.filename) throw new NotFoundDetail(EXPORT_MESSAGES.notReady);
    // Streamed from the store through this call, so that only the requester ever reaches the file.
    const stored = await this.store.open(task.file_path);
    // Deleted by the purge a moment before its row was marked.
    if (!stored) throw new GoneDetail(EXPORT_MESSAGES.expired);
    return new StreamableFile(stored.body, {
      type: XLSX_TYPE,
      length: stored.size,
      disposition: `attachment; filename="${task.filename.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(task.filename)}`,
    });
  }

  private async own(principal: Principal, kind: ExportedList, id: string): Promise<ExportTaskRecord> {
    const task = UUID.test(id) ? await this.tasks.findOwn(this.dataSource, id, kind, principal.userId) : undefined;
    if (!task) throw new NotFoundDetail(EXPORT_MESSAGES.taskNotFound);
    return task;
  }
}
