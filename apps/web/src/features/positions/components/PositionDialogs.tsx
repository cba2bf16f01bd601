import { ConfirmDialog } from '../../../ui/dialog/ConfirmDialog';
import type { PositionAction } from '../api/position-actions';
import { coefficientError, reducePercentError, splitSelection } from './position-rules';
import { names, type Pending } from './use-position-commands';
import { ValueDialog } from './ValueDialog';

interface Props {
  pending: Pending | null;
  onClose: () => void;
  send: (actions: PositionAction[], rowIds: string[]) => Promise<void>;
}

/** The dialog of the action waiting to be sent: a reduce percent, a limit coefficient, or a confirmation. */
export function PositionDialogs({ pending, onClose, send }: Props) {
  if (pending?.kind === 'reduce')
    return (
      <ValueDialog
        title={pending.rows.length === 1 ? `Reduce ${names(pending.rows)}` : `Reduce ${pending.rows.length} positions`}
        label="Percent(%) of reducing"
        submitLabel="Reduce"
        validate={reducePercentError}
        onClose={onClose}
        onSubmit={async (percent) => {
          const targets = pending.rows;
          onClose();
          await send(
            targets.length === 1 ? [{ kind: 'reduce', positionId: targets[0].id, percent }] : [{ kind: 'bulkReduce', signalsIds: splitSelection(targets).signalsIds, percent }],
            targets.map((r) => r.id),
          );
        }}
      />
    );
  if (pending?.kind === 'closeLimit')
    return (
      <ValueDialog
        title={`Close limit ${names([pending.row])}`}
        label="Coefficient"
        submitLabel="Close"
        validate={coefficientError}
        onClose={onClose}
        onSubmit={async (coefficient) => {
          const row = pending.row;
          onClose();
          if (row.signal_id) await send([{ kind: 'closeLimit', signalId: row.signal_id, coefficient }], [row.id]);
        }}
      />
    );
  if (pending?.kind === 'confirm')
    return <ConfirmDialog title={pending.title} text={pending.text} confirmLabel={pending.label} onClose={onClose} onConfirm={() => void send(pending.actions, pending.rowIds)} />;
  return null;
}
