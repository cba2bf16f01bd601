import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress } from '@mui/material';
import { useToast } from '../toast/ToastProvider';
import { useExportTask, type ExportCalls, type ExportParams, type ExportRun } from './use-export-task';

interface ExportButtonProps {
  /** The list's export calls (contracts' EXPORT_PATHS entry). */
  calls: ExportCalls;
  /** The list's current filters and ordering, as its own query takes them. */
  params: ExportParams;
  disabled?: boolean;
}

/** The button's text: 'Export queued' while the task waits for a worker, then the percent written. */
function exportLabel(run: ExportRun): string {
  if (!run.running) return 'Export';
  if (run.queued) return 'Export queued';
  return run.progress !== null ? `Export ${run.progress}%` : 'Export';
}

/**
 * A list's Export button: a spinner (with the percent once the worker reports it) while the file is made,
 * the download when it is ready, the error as a toast. One export at a time per button.
 */
export function ExportButton({ calls, params, disabled }: ExportButtonProps) {
  const toast = useToast();
  const run = useExportTask(calls, params, toast.error);
  return (
    <Button
      variant="outlined"
      onClick={run.start}
      disabled={disabled || run.running}
      aria-busy={run.running}
      data-testid="export-button"
      startIcon={run.running ? <ExportSpinner queued={run.queued} progress={run.progress} /> : <FileDownloadOutlinedIcon />}
    >
      {exportLabel(run)}
    </Button>
  );
}

function ExportSpinner({ queued, progress }: { queued: boolean; progress: number | null }) {
  return progress === null ? (
    <CircularProgress size={18} aria-label={queued ? 'Export queued' : 'Exporting'} data-testid="export-spinner" />
  ) : (
    <CircularProgress size={18} variant="determinate" value={progress} aria-label={`Exporting, ${progress}%`} data-testid="export-spinner" />
  );
}
