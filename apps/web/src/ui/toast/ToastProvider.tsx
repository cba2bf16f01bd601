import { Alert, Box } from '@mui/material';
import { LIMITS } from '@console/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastSeverity = 'success' | 'error' | 'info' | 'warning';

interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

export interface ToastApi {
  show(message: string, severity?: ToastSeverity): void;
  success(message: string): void;
  error(message: string): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Quick actions in a row would stack toasts over the page: only the newest few stay. */
const MAX_VISIBLE = 3;

/** Toasts clear themselves after LIMITS.toastMs. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);

  const show = useCallback(
    (message: string, severity: ToastSeverity = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, severity }].slice(-MAX_VISIBLE));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, LIMITS.toastMs);
      timers.current.add(timer);
    },
    [dismiss],
  );

  const api = useMemo<ToastApi>(
    () => ({ show, success: (m) => show(m, 'success'), error: (m) => show(m, 'error') }),
    [show],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* A named region (a landmark), so a toast is not content outside every landmark. */}
      <Box component="section" aria-label="Messages" sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (t) => t.zIndex.snackbar, maxWidth: 420, display: 'flex', flexDirection: 'column', gap: 1 }}>
        {toasts.map((toast) => (
          <Alert key={toast.id} severity={toast.severity} variant="filled" onClose={() => dismiss(toast.id)} data-testid="toast">
            {toast.message}
          </Alert>
        ))}
      </Box>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
