import "server-only";
import { db } from "@/db";
import { conversations } from "@/db/schema";
import { findOrCreateClientByPhone } from "@/lib/clients/by-phone";
import { formatPhone } from "@/lib/core/format/phone";
import type { ActiveKey } from "./api-keys";
import type { IngestBody } from "./ingest-schema";

export type Ingested = { id: string; clientId: string; clientCreated: boolean };

/**
 * Stores one message the business's bot sent or received. The client is the business's client whose
 * phone has the same digits (with or without the 55 prefix); the oldest one when several do; a new
 * client (audited, without a user: the bot made it) when none does (lib/clients/by-phone.ts: two
 * simultaneous first messages from one phone make one client, not two).
 */
export async function ingestConversation(key: ActiveKey, body: IngestBody): Promise<Ingested> {
  return db.transaction(async (tx) => {
    const client = await findOrCreateClientByPhone(tx, {
      businessId: key.businessId,
      phone: body.client_phone,
      name: body.client_name ?? formatPhone(body.client_phone),
      actorId: null,
      describe: (name) => `Cliente "${name}" criado pela integração com WhatsApp (chave "${key.name}")`,
    });
    const clientId = client.id;
    const clientCreated = client.created;
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
