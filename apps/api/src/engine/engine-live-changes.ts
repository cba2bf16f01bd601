import { ENGINE_COMMAND_EFFECTS, ENGINE_COMMAND_RESOURCES, type ActionState, type EngineCommandKind } from '@console/contracts';
import type { LiveChange } from '../live/live-change';
import { ENGINE_TARGET_TABLES } from './engine-targets';

/**
 * The live changes of an engine command: its target (the resource it acts on, with the action_state
 * the target shows now) and the command itself. `accepted`: just written, the target shows the pending
 * state; then the engine's outcome: the done state, or NONE again after a failure.
 */
export function commandChanges(commandId: string, kind: EngineCommandKind, targetId: string | null, stage: 'accepted' | 'succeeded' | 'failed'): LiveChange[] {
  const effect = ENGINE_COMMAND_EFFECTS[kind];
  const actionState: ActionState = stage === 'accepted' ? effect.pending : stage === 'succeeded' ? effect.done : 'NONE';
  const target: LiveChange = { resource: ENGINE_COMMAND_RESOURCES[kind], action: 'updated', section: effect.section };
  if (targetId !== null) target.ids = [targetId];
  if (ENGINE_TARGET_TABLES[effect.target].actionState) target.row = targetId === null ? { action_state: actionState } : { id: targetId, action_state: actionState };
  const command: LiveChange = { resource: 'engine-commands', action: stage === 'accepted' ? 'created' : 'updated', section: effect.section, ids: [commandId] };
  return [target, command];
}
