import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { Button, CircularProgress } from '@mui/material';
import { useToast } from '../toast/ToastProvider';
import { useExportTask, type ExportCalls, type ExportParams } from './use-export-task';

interface ExportButtonProps {
  /** The list's export calls (contracts' EXPORT_PATHS entry). */
  calls: ExportCalls;
  /** The list's current filters and ordering, as its own query takes them. */
  params: ExportParams;
  disabled?: boolean;
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
      startIcon={run.running ? <ExportSpinner progress={run.progress} /> : <FileDownloadOutlinedIcon />}
    >
      {run.running && run.progress !== null ? `Export ${run.progress}%` : 'Export'}
    </Button>
  );
}

function ExportSpinner({ progress }: { progress: number | null }) {
  return progress === null ? (
    <CircularProgress size={18} aria-label="Exporting" data-testid="export-spinner" />
  ) : (
    <CircularProgress size={18} variant="determinate" value={progress} aria-label={`Exporting, ${progress}%`} data-testid="export-spinner" />
  );
}
