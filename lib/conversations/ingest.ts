import "server-only";
import { sql } from "drizzle-orm";
import { db } from "@/db";
import { clients, conversations } from "@/db/schema";
import { recordAudit } from "@/lib/audit/record";
import { formatPhone } from "@/lib/format/phone";
import type { ActiveKey } from "./api-keys";
import { localPhoneDigits, type IngestBody } from "./ingest-schema";

export type Ingested = { id: string; clientId: string; clientCreated: boolean };

/**
 * Stores one message the business's bot sent or received. The client is the business's client whose
 * phone has the same digits (with or without the 55 prefix); the oldest one when several do; a new
 * client (audited, without a user: the bot made it) when none does. A per-phone advisory lock makes
 * two simultaneous first messages from one phone create one client, not two.
 */
export async function ingestConversation(key: ActiveKey, body: IngestBody): Promise<Ingested> {
  const local = localPhoneDigits(body.client_phone);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('conversation_client'), hashtext(${`${key.businessId}:${local}`}))`);
    // agenda_digits(phone) = … uses the trigram index of migration 0004 (equality, PostgreSQL 14+).
    const [found] = await tx.execute<{ id: string }>(sql`
      select id from clients
      where business_id = ${key.businessId} and agenda_digits(phone) in (${local}, ${`55${local}`})
      order by created_at, id
      limit 1`);
    let clientId = found?.id;
    const clientCreated = !clientId;
    if (!clientId) {
      const name = body.client_name ?? formatPhone(body.client_phone);
      const [row] = await tx
        .insert(clients)
        .values({ businessId: key.businessId, name, phone: body.client_phone })
        .returning({ id: clients.id });
      clientId = row.id;
      await recordAudit(tx, {
        actorId: null,
        businessId: key.businessId,
        action: "CREATE",
        entity: "client",
        entityId: clientId,
        description: `Cliente "${name}" criado pela integração com WhatsApp (chave "${key.name}")`,
        newValues: { name, phone: body.client_phone, email: null },
      });
    }
    const [row] = await tx
      .insert(conversations)
      .values({
        businessId: key.businessId,
        clientId,
        message: body.message,
        isBot: body.is_bot,
        ...(body.sent_at ? { createdAt: body.sent_at } : {}),
      })
      .returning({ id: conversations.id });
    return { id: row.id, clientId, clientCreated };
  });
}
