import { EXPORT_KIND_RULES, EXPORTED_LISTS, type ExportedList, type ExportKind, type ExportStatus } from '@console/contracts';
import type { LiveChange } from '@console/contracts';

const isExported = (kind: ExportKind): kind is ExportedList => EXPORTED_LISTS.some((list) => list === kind);

/** A task's new state on the live stream, for its requester's streams only (their tasks are theirs alone). */
export function exportChange(task: { id: string; kind: ExportKind; requested_by: number | null }, status: ExportStatus, progress: number): LiveChange[] {
  if (task.requested_by === null || !isExported(task.kind)) return [];
  return [
    {
      resource: 'exports',
      action: status === 'PENDING' ? 'created' : 'updated',
      section: EXPORT_KIND_RULES[task.kind].exportSection,
      ids: [task.id],
      row: { id: task.id, task_status: status, progress },
      userId: task.requested_by,
    },
  ];
}
