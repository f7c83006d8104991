import { z } from "zod";
import { reais } from "@/lib/comandas/schemas";
import { PIX_MESSAGES as M } from "./messages";

/** 'Cobrar com Pix': an amount in reais for an open comanda. */
export const createPixChargeSchema = z.object({
  comandaId: z.uuid(M.comandaNotFound),
  amount: reais(null),
});
export type CreatePixCharge = z.output<typeof createPixChargeSchema>;

export const pixChargeIdSchema = z.object({ chargeId: z.uuid(M.chargeNotFound) });

/**
 * The standard API's webhook body (POST {url}/pix): the Pix received, each naming its charge's
 * txid. Only the txids are used: what was paid is read back from the PSP (lib/pix/mutations.ts).
 */
export const pixWebhookSchema = z.object({
  pix: z.array(z.object({ endToEndId: z.string().max(64), txid: z.string().max(35).optional(), valor: z.string().max(20).optional() }).loose()).max(100),
});
