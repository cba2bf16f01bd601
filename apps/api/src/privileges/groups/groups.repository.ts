import { Injectable } from '@nestjs/common';
import type { Perm } from '@console/contracts';
import { type Db, firstRow, queryRows } from '../../common/database/sql';

/** A group as stored, with how many active users it has. */
export interface GroupRecord {
  id: number;
  name: string;
  perms: Perm[];
  users_count: number;
}

/**
 * Every statement on `groups` outside the groups list declaration. Methods take the Db they run on,
 * so the caller's transaction (and its privilege-change lock) covers them.
 */
@Injectable()
export class GroupsRepository {
  async find(db: Db, id: number, { lock = false } = {}): Promise<GroupRecord | undefined> {
    return firstRow<GroupRecord>(
      db,
      `SELECT g.id, g.name, g.perms, (SELECT count(*)::int FROM users u WHERE u.group_id = g.id AND u.is_active) AS users_count
         FROM groups g WHERE g.id = $1 ${lock ? 'FOR UPDATE OF g' : ''}`,
      [id],
    );
  }

  async exists(db: Db, id: number): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM groups WHERE id = $1`, [id])) !== undefined;
  }

  /** Names compare without case, as the unique index on lower(name) does. */
  async nameTaken(db: Db, name: string): Promise<boolean> {
    return (await firstRow(db, `SELECT 1 FROM groups WHERE lower(name) = lower($1)`, [name.trim()])) !== undefined;
  }

  async permsOf(db: Db, id: number): Promise<Perm[] | undefined> {
    return (await firstRow<{ perms: Perm[] }>(db, `SELECT perms FROM groups WHERE id = $1`, [id]))?.perms;
  }

  /** Every group's id, name and perms, by name: what a group picker chooses from. */
  async options(db: Db): Promise<Pick<GroupRecord, 'id' | 'name' | 'perms'>[]> {
    return queryRows(db, `SELECT id, name, perms FROM groups ORDER BY lower(name), id`);
  }

  /** The perms of each group that has at least one active user. */
  async permsOfGroupsInUse(db: Db): Promise<Perm[][]> {
    const rows = await queryRows<{ perms: Perm[] }>(db, `SELECT g.perms FROM groups g WHERE EXISTS (SELECT 1 FROM users u WHERE u.group_id = g.id AND u.is_active)`);
    return rows.map((r) => r.perms);
  }

  async insert(db: Db, group: { name: string; perms: Perm[] }): Promise<number> {
    const [row] = await queryRows<{ id: number }>(db, `INSERT INTO groups (name, perms) VALUES ($1, $2::jsonb) RETURNING id`, [group.name, JSON.stringify(group.perms)]);
    return row.id;
  }

  /** Creates the group, or gives an existing one of that name these perms; answers its id. */
  async upsertByName(db: Db, group: { name: string; perms: Perm[] }): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      db,
      `INSERT INTO groups (name, perms) VALUES ($1, $2::jsonb)
       ON CONFLICT (lower(name)) DO UPDATE SET perms = EXCLUDED.perms, updated_at = now() RETURNING id`,
      [group.name, JSON.stringify(group.perms)],
    );
    return row.id;
  }

  async update(db: Db, id: number, group: { name: string; perms: Perm[] }): Promise<void> {
    await db.query(`UPDATE groups SET name = $2, perms = $3::jsonb, updated_at = now() WHERE id = $1`, [id, group.name, JSON.stringify(group.perms)]);
  }

  /** Deletes the group; users still in it (deactivated ones) keep their history without a group. */
  async delete(db: Db, id: number): Promise<void> {
    await db.query(`UPDATE users SET group_id = NULL WHERE group_id = $1`, [id]);
    await db.query(`DELETE FROM groups WHERE id = $1`, [id]);
  }
}
