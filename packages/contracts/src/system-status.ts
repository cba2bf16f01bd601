/** The bot's on/off status, as the top bar's button reads and sets it. */
import type { ActionState, BotStatus } from './trading';

/** `GET`/`POST system-status/`: what the engine last confirmed, and whether a change is on its way (CHANGING). */
export interface SystemStatus {
  status: BotStatus;
  action_state: ActionState;
  /** The engine command carrying the latest change (`engine/commands/{id}/`). */
  command_id: string | null;
}
