import { useState, type ReactNode } from 'react';
import { STRATEGY_PROFILE_UI, type StrategyProfileRow } from '@console/contracts';
import { useApiClient } from '../../../api/context';
import { normaliseError } from '../../../api/errors';
import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import { useToast } from '../../../ui/toast/ToastProvider';
import { awaitEngineAnswer, useStrategyProfileCommand, type EngineCommand } from '../api/start-stop-strategy-profile';

const UI = STRATEGY_PROFILE_UI;
const titleOf = (profile: StrategyProfileRow) => profile.title ?? `#${profile.id}`;

interface StartStop {
  /** Starts at once; stopping a running profile asks first. */
  request(profile: StrategyProfileRow, command: EngineCommand): void;
  /** The stop confirmation while it is asked: render it beside the buttons. */
  dialog: ReactNode;
  /** Profiles whose start or stop is sent and not yet answered by the engine: their button waits. */
  busy: ReadonlySet<number>;
}

/**
 * Start and Stop of a strategy profile, on the list and on its page: a stop of an active (trading)
 * profile is confirmed first, and a toast says what came of it: started or stopped when the engine did
 * it, the engine's refusal, the API's own refusal (its message), or that the engine has not answered yet.
 */
export function useStartStop(): StartStop {
  const client = useApiClient();
  const toast = useToast();
  const command = useStrategyProfileCommand();
  const [confirming, setConfirming] = useState<StrategyProfileRow | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const mark = (id: number, on: boolean) =>
    setBusy((ids) => {
      const next = new Set(ids);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function send(profile: StrategyProfileRow, which: EngineCommand): Promise<void> {
    mark(profile.id, true);
    try {
      const accepted = await command.mutateAsync({ id: profile.id, command: which });
      const answer = await awaitEngineAnswer(client, accepted);
      if (answer === 'done') toast.success(which === 'start' ? UI.started(titleOf(profile)) : UI.stopped(titleOf(profile)));
      else if (answer === 'refused') toast.error(UI.engineRefused(titleOf(profile), which));
      else toast.show(UI.engineSilent(titleOf(profile)), 'info');
    } catch (e) {
      toast.error(normaliseError(e));
    } finally {
      mark(profile.id, false);
    }
  }

  function request(profile: StrategyProfileRow, which: EngineCommand): void {
    if (busy.has(profile.id)) return;
    if (which === 'stop' && profile.status === 'active') setConfirming(profile);
    else void send(profile, which);
  }

  const dialog = confirming && (
    <ConfirmDialog
      title={UI.stopConfirmTitle}
      text={UI.stopConfirmText(titleOf(confirming))}
      confirmLabel={UI.stopConfirmLabel}
      onConfirm={() => void send(confirming, 'stop')}
      onClose={() => setConfirming(null)}
    />
  );

  return { request, dialog, busy };
}
