import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { STATUS, type StatusKey } from "./status";

/**
 * The status ids as SQL literals (not parameters): a partial index or a prepared statement's
 * generic plan matches `status_id <> 3` only when 3 is written in the text.
 */
export const STATUS_SQL = Object.fromEntries(Object.entries(STATUS).map(([k, id]) => [k, sql.raw(String(id))])) as Record<StatusKey, SQL>;
