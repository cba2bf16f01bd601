import CloseIcon from '@mui/icons-material/Close';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Box, Button, CircularProgress } from '@mui/material';
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
 * beside it a Cancel button that stops the export, the download when it is ready, the error or the
 * cancel as a toast. One export at a time per button.
 */
export function ExportButton({ calls, params, disabled }: ExportButtonProps) {
  const toast = useToast();
  const run = useExportTask(calls, params, toast.error, toast.show);
  return (
    <Box sx={{ display: 'inline-flex', gap: 1 }}>
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
      {run.running && (
        <Button variant="text" color="inherit" onClick={run.cancel} disabled={run.cancelling} data-testid="export-cancel" startIcon={<CloseIcon />}>
          {run.cancelling ? 'Cancelling…' : 'Cancel'}
        </Button>
      )}
    </Box>
  );
}

function ExportSpinner({ queued, progress }: { queued: boolean; progress: number | null }) {
  return progress === null ? (
    <CircularProgress size={18} aria-label={queued ? 'Export queued' : 'Exporting'} data-testid="export-spinner" />
  ) : (
    <CircularProgress size={18} variant="determinate" value={progress} aria-label={`Exporting, ${progress}%`} data-testid="export-spinner" />
  );
}
