import "server-only";
import type { Tx } from "@/db";
import type { BusinessContext, Write } from "@/lib/pipeline";
import { recordAudit } from "./record";

/**
 * A write made by a business's client with no sign-in (the public booking page, a reminder's
 * link): rows get no user_id and audit rows no actor (shown as 'Sistema', like the WhatsApp
 * API's). The business is the one the slug or the link's token named, looked up on the server.
 */
export function publicWrite(tx: Tx, businessId: string): Write {
  const ctx = { businessId, userId: null } as unknown as BusinessContext;
  return { ctx, tx, audit: (entry) => recordAudit(tx, { ...entry, actorId: null, businessId }) };
}
