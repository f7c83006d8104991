/** One row change of the change log (migration 0021), as its NOTIFY on channel `agenda_changes` carries it. */
export type ChangeEvent = {
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE";
  id: string | null;
  businessId: string | null;
  /** The change row's seq; null for an access change, which has no row. */
  seq: number | null;
  /** The business days the change touches, when its row has them (appointments); null: any day. */
  days?: string[] | null;
};

export const REALTIME_CHANNEL = "agenda_changes";
/**
 * The `table` of a notification that a user's access changed (signed out, removed from a business,
 * another role): `id` is the user. Sent by the app, never by a trigger, and never to a browser.
 */
export const ACCESS_CHANGED = "user_access";
export const HEARTBEAT_MS = 25_000;
/** Reconnect delays after a dropped stream (spec section 9): 1, 2, 5, then 10 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
}

export function parseChange(payload: string): ChangeEvent | null {
  try {
    const v = JSON.parse(payload) as Partial<ChangeEvent>;
    if (typeof v.table !== "string" || typeof v.op !== "string") return null;
    return {
      table: v.table,
      op: v.op as ChangeEvent["op"],
      id: v.id == null ? null : String(v.id),
      businessId: v.businessId == null ? null : String(v.businessId),
      seq: typeof v.seq === "number" ? v.seq : null,
      ...(Array.isArray(v.days) && { days: v.days.map(String) }),
    };
  } catch {
    return null;
  }
}
