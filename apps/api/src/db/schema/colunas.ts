import type { ColumnType } from 'kysely';

// The column types the tables share (Kysely's select, insert and update types of a column).
export type Default<T> = ColumnType<T, T | undefined, T>;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type TimestampNullable = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** `date` columns are kept as 'YYYY-MM-DD' strings (see connection.ts). */
export type DateOnly = string;
