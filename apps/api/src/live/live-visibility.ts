/**
 * What each open stream may carry, decided as the REST answers decide it: no event of a section the
 * group has at NP; at Limited the row keeps only the group's fields (projectRow, as lists do), and a
 * section with a row scope (signals: finished-only, the newest signals_count) lets through only the
 * rows its SQL conditions do. A row that cannot be checked that way is left out: the event then names
 * the resource and ids only, and the console refetches what it may see.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { permOf, projectRow, type LiveEvent, type Perm, type PermHolder, type ResourceName } from '@console/contracts';
import { idsWithinScope, rowScopeOf, SCOPED_RESOURCES } from '../access/row-scopes';
import type { StoredChange } from '@console/contracts';

/** Whose stream: the user and the group's perms as last checked. */
export interface LiveAudience extends PermHolder {
  userId: number;
  perms: Perm[];
}

const NUMERIC_ID = /^\d{1,19}$/;

/** The ids each distinct set of row-scope conditions lets through, for one batch of changes. */
export class ScopedIds {
  constructor(private readonly visible: ReadonlyMap<string, ReadonlySet<string>>) {}

  of(resource: ResourceName, conditions: readonly string[]): ReadonlySet<string> {
    return this.visible.get(scopeKey(resource, conditions)) ?? new Set();
  }
}

function scopeKey(resource: ResourceName, conditions: readonly string[]): string {
  return JSON.stringify([resource, conditions]);
}

/** The event this audience gets for a change, or null when it gets none. */
export function eventFor(change: StoredChange, audience: LiveAudience, scoped: ScopedIds): LiveEvent | null {
  if (change.userId !== undefined && change.userId !== audience.userId) return null;
  const perm = permOf(audience, change.section);
  if (perm.status === 'NP') return null;
  const event: LiveEvent = { id: change.id, resource: change.resource, action: change.action, section: change.section };
  if (change.ids) event.ids = change.ids;
  if (perm.status !== 'Limited') return change.row ? { ...event, row: change.row } : event;

  const scope = rowScopeOf(change.section, perm);
  if (!scope) return change.row ? { ...event, row: projectRow(perm, change.row) } : event;
  // A change about another row (an engine command about its target) goes only where that row is seen;
  // an engine command that names no target cannot be checked, so it is not sent.
  if (change.about) return change.about.resource === scope.resource && scoped.of(scope.resource, scope.conditions).has(change.about.id) ? event : null;
  if (change.resource === 'engine-commands') return null;
  // Rows of another resource of a scoped section, or a change without ids, cannot be checked against the scope.
  if (change.resource !== scope.resource || !change.ids) return event;
  const visible = scoped.of(scope.resource, scope.conditions);
  const ids = change.ids.filter((id) => visible.has(id));
  if (!ids.length) return null;
  const rowId = change.row?.id;
  const row = change.row && (typeof rowId === 'string' || typeof rowId === 'number') && visible.has(String(rowId)) ? projectRow(perm, change.row) : undefined;
  return row ? { ...event, ids, row } : { ...event, ids };
}

/** Runs the row-scope look-ups a batch of changes needs for the audiences of the open streams: one per distinct scope. */
@Injectable()
export class LiveVisibility {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async scopedIds(changes: readonly StoredChange[], audiences: readonly LiveAudience[]): Promise<ScopedIds> {
    const visible = new Map<string, ReadonlySet<string>>();
    for (const { resource, scope, table } of SCOPED_RESOURCES) {
      const ids = [...new Set(changes.flatMap((c) => (c.resource === resource ? (c.ids ?? []) : c.about?.resource === resource ? [c.about.id] : [])))].filter((id) => NUMERIC_ID.test(id));
      if (!ids.length) continue;
      for (const audience of audiences) {
        const perm = permOf(audience, scope.section);
        if (perm.status !== 'Limited') continue;
        const conditions = scope.where(perm);
        const key = scopeKey(resource, conditions);
        if (!conditions.length || visible.has(key)) continue;
        visible.set(key, new Set(await idsWithinScope(this.dataSource, table, ids, conditions)));
      }
    }
    return new ScopedIds(visible);
  }
}
