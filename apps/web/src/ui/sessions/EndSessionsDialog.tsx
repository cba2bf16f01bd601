import { deviceName, SESSION_UI, type SessionsEnded, type UserSession } from '@console/contracts';
import { normaliseError } from '../../api/errors';
import { ConfirmDialog } from '../dialog/ConfirmDialog';
import { useToast } from '../toast/ToastProvider';

/** A confirm before ending sessions: its words, and the call that ends them. */
export interface SessionEnding {
  title: string;
  text: string;
  confirmLabel: string;
  end: () => Promise<SessionsEnded>;
}

/** Ending one session, named by its device. */
export function endingOne(session: UserSession, end: (sessionId: string) => Promise<SessionsEnded>): SessionEnding {
  return { title: SESSION_UI.endOneTitle, text: SESSION_UI.endOneText(deviceName(session.browser, session.system)), confirmLabel: SESSION_UI.end, end: () => end(session.id) };
}

/** Asks before ending sessions; a yes ends them and says in a toast how many ended, or why not. */
export function EndSessionsDialog({ ending, onClose }: { ending: SessionEnding | null; onClose: () => void }) {
  const toast = useToast();
  if (!ending) return null;
  const confirm = async () => {
    try {
      toast.success((await ending.end()).detail);
    } catch (e) {
      toast.error(normaliseError(e));
    }
  };
  return <ConfirmDialog title={ending.title} text={ending.text} confirmLabel={ending.confirmLabel} onConfirm={() => void confirm()} onClose={onClose} />;
}
