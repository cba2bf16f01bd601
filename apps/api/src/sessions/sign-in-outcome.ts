import type { SignInOutcome } from '@console/contracts';

/** How a sign-in row of the logs reads in the history: its event, and for failures the reason it records. */
export function signInOutcome(eventType: string, reason: string | null): SignInOutcome {
  if (eventType === 'login_success') return 'success';
  if (reason === 'locked') return 'locked';
  if (eventType === '2fa_failed') return 'wrong_code';
  if (reason === 'captcha') return 'bot_check_failed';
  if (reason === 'inactive') return 'inactive';
  return 'wrong_password';
}
