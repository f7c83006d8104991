import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { subjectKey } from "@/lib/core/rate-limit";
import { PIX_WEBHOOK } from "@/lib/core/rate-limit/policies";
import { boundedText } from "@/lib/core/http/bounded-body";
import { refuse, type RouteCall, type RouteRefusal } from "@/lib/core/http/define-route";
import { settleByTxid } from "./mutations";
import { pixConfig } from "./queries";
import { pixWebhookSchema } from "./schemas";

const MAX_BODY_BYTES = 64 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const WEBHOOK_TEXTS = {
  error: "Não foi possível receber o aviso do Pix.",
  refused: "Aviso do Pix recusado.",
  badBody: "Corpo do aviso inválido.",
} as const;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Whether a delivery carries the business's webhook secret: the HMAC-SHA256 of the body in
 * `x-pix-signature: sha256=<hex>`, or, for PSPs that can only call a URL (their documented way
 * when mTLS isn't used), the secret itself in `?hmac=`.
 */
export function signedBy(secret: string, body: string, headers: Headers, url: URL): boolean {
  const header = headers.get("x-pix-signature") ?? "";
  if (header.startsWith("sha256=")) return same(header.slice(7), createHmac("sha256", secret).update(body, "utf8").digest("hex"));
  const inUrl = url.searchParams.get("hmac");
  return inUrl !== null && same(inUrl, secret);
}

/**
 * POST /api/pix/webhook/{businessId}/pix: the PSP says Pix arrived. The delivery must be signed
 * with that business's secret; then each named txid of that business is asked of the PSP
 * (settleByTxid): the webhook's own amounts are never taken, a txid of another business is not
 * found, and a repeated delivery finds the charge paid and changes nothing. Answered 200 once read,
 * so the PSP stops retrying.
 */
export async function answerPixWebhook({ req, params, address, limit }: RouteCall<{ businessId: string }, null>): Promise<Response | RouteRefusal> {
  if (!UUID.test(params.businessId)) return refuse("not-found", WEBHOOK_TEXTS.refused);
  const body = await boundedText(req, MAX_BODY_BYTES);
  if (body === null) return refuse("too-large", WEBHOOK_TEXTS.badBody);
  const config = await pixConfig(params.businessId);
  if (!config?.psp || !signedBy(config.psp.secrets.webhookSecret, body, req.headers, new URL(req.url))) {
    const refused = await limit(PIX_WEBHOOK.badSignature, subjectKey(address));
    return refused ?? refuse("unauthenticated", WEBHOOK_TEXTS.refused);
  }
  let parsed;
  try {
    parsed = pixWebhookSchema.safeParse(JSON.parse(body));
  } catch {
    return refuse("bad-request", WEBHOOK_TEXTS.badBody);
  }
  if (!parsed.success) return refuse("bad-request", WEBHOOK_TEXTS.badBody);
  const txids = [...new Set(parsed.data.pix.map((p) => p.txid).filter((t): t is string => Boolean(t && /^[A-Za-z0-9]{26,35}$/.test(t))))];
  for (const txid of txids) await settleByTxid(params.businessId, txid, config.psp);
  return Response.json({ received: txids.length }, { headers: { "cache-control": "no-store" } });
}
