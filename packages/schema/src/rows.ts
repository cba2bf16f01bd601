/** A table's rows as the code reads and writes them, from the declaration. */
import type { Insertable, Selectable, Updateable } from 'kysely' with { 'resolution-mode': 'import' };
import type { DB, TableName } from './tables';

/** A row as a `SELECT *` through node-postgres gives it. */
export type Row<T extends TableName> = Selectable<DB[T]>;
/** A row an INSERT may write: the columns the database fills, or that may be null, can be left out. */
export type NewRow<T extends TableName> = Insertable<DB[T]>;
/** The columns an UPDATE may set. */
export type RowUpdate<T extends TableName> = Updateable<DB[T]>;
