/**
 * Bot tokens never leave the server in full: answers carry a mask that keeps the last 4 characters,
 * enough to tell which bot is set. A form saved with the mask unchanged keeps the stored token.
 */
const MASK_PREFIX = '********';
const VISIBLE = 4;

export function maskToken(token: string | null): string {
  if (!token) return '';
  return token.length > VISIBLE * 3 ? MASK_PREFIX + token.slice(-VISIBLE) : MASK_PREFIX;
}

/** The token to store: the submitted one, or the stored one when the submitted value is its mask. */
export function resolveSubmittedToken(submitted: string, stored: string | null): string {
  return stored && submitted === maskToken(stored) ? stored : submitted;
}
