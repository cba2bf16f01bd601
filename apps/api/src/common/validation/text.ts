import { isStorableText, OWN_MESSAGES } from '@console/contracts';
import type { FieldErrors } from '../errors/api-errors';

/**
 * Every string of a request (values and keys, at any depth) that holds NUL or an unpaired surrogate,
 * as `{path: [message]}` with nested paths as `a.0.b`. Such text is refused, not cleaned: a silently
 * altered password, name or token would be worse than a clear 400 (docs/decisions/hardening.md).
 * The body parser has already bounded the depth, so the walk's recursion is bounded too.
 */
export function unstorableTextFields(value: unknown, path: string, out: FieldErrors = {}): FieldErrors {
  if (typeof value === 'string') {
    if (!isStorableText(value)) out[path] = [OWN_MESSAGES.textInvalid];
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => unstorableTextFields(item, join(path, String(i)), out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) out[join(path, key)] = [OWN_MESSAGES.textInvalid];
      else unstorableTextFields(item, join(path, key), out);
    }
  }
  return out;
}

function join(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
