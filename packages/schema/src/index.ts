export { type Column, type Filled, type PgType } from './column';
export { TABLES, type ColumnName, type ColumnTypeOf, type DB, type TableName } from './tables';
export { type NewRow, type Row, type RowUpdate } from './rows';
export { ENGINE_ROLE_GRANTS, engineRoleSql } from './engine-role';
