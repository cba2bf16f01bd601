import { currentRequestContext, type RequestContext } from '../common/http/request-context';

/** What the request being served has written to the audit log so far, if any request is served. */
export function currentAuditContext(): RequestContext['audit'] | undefined {
  return currentRequestContext()?.audit;
}

/** Says that this write request changed nothing, so the audit net expects no row from it. */
export function markUnchanged(): void {
  const audit = currentAuditContext();
  if (audit) audit.unchanged = true;
}
