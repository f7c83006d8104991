import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { clientAddressFrom } from "@/lib/core/net/client-address";
import { hit, subjectKey, type Verdict } from "@/lib/core/rate-limit";
import { CONVERSATIONS_API } from "@/lib/core/rate-limit/policies";
import { NUL_MESSAGE, nulPath } from "@/lib/core/validation/nul-bytes";
import { findActiveKey, touchApiKey } from "./api-keys";
import { ingestConversation } from "./ingest";
import { ingestBodySchema } from "./ingest-schema";
import { boundedText } from "@/lib/core/http/bounded-body";
import { answering, json, jsonError, retryAfterSeconds, tooMany } from "@/lib/core/http/responses";

/** Bodies above this are refused before parsing (a message is at most 4,000 characters). */
export const MAX_BODY_BYTES = 16 * 1024;

export const API_ERRORS = {
  missingKey: "Chave de API ausente. Envie o cabeçalho Authorization: Bearer <chave>.",
  badKey: "Chave de API inválida ou revogada.",
  badJson: "O corpo da requisição deve ser um objeto JSON válido.",
  invalid: "Dados inválidos.",
  tooLarge: "Corpo da requisição grande demais (máximo de 16 KB).",
  unexpected: "Erro interno ao salvar a conversa. Tente novamente.",
} as const;

export function tooManyRequests(retryAfterMs: number): string {
  const s = retryAfterSeconds(retryAfterMs);
  return `Muitas requisições. Tente novamente em ${s} ${s === 1 ? "segundo" : "segundos"}.`;
}

function unauthorized(error: string, code: "invalid_request" | "invalid_token"): Response {
  return jsonError(401, error, { headers: { "WWW-Authenticate": `Bearer realm="agenda", error="${code}"` } });
}

function limited(v: Extract<Verdict, { ok: false }>): Response {
  return tooMany(v, tooManyRequests(v.retryAfterMs));
}

function bearer(req: Request): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/**
 * POST /api/conversations: the business's WhatsApp bot stores a message (README "WhatsApp bot
 * API"). The key alone says which business: no cookie, no session. Order: the key (a missing or
 * wrong one counts against the address, 429 past its limit, else 401) → the key's own limit →
 * body → stored. Answers 201, 401, 413, 422, 429, JSON in Portuguese.
 */
export async function handleConversationPost(req: Request): Promise<Response> {
  const address = subjectKey(clientAddressFrom(req.headers));
  return answering("api conversas", API_ERRORS.unexpected, async () => {
    const presented = bearer(req);
    const key = presented ? await findActiveKey(presented) : null;
    if (!key) {
      // Wrong keys are counted per address; a valid key is never held up by them.
      const addressVerdict = await hit(CONVERSATIONS_API.badKey, address);
      if (!addressVerdict.ok) return limited(addressVerdict);
      return presented ? unauthorized(API_ERRORS.badKey, "invalid_token") : unauthorized(API_ERRORS.missingKey, "invalid_request");
    }
    const verdict = await hit(CONVERSATIONS_API.key, key.id);
    if (!verdict.ok) return limited(verdict);

    const text = await boundedText(req, MAX_BODY_BYTES);
    if (text === null) return jsonError(413, API_ERRORS.tooLarge);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return jsonError(422, API_ERRORS.badJson);
    }
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return jsonError(422, API_ERRORS.badJson);
    const nul = nulPath(raw);
    if (nul !== null) return jsonError(422, API_ERRORS.invalid, { fieldErrors: { [nul]: NUL_MESSAGE } });
    const parsed = ingestBodySchema.safeParse(raw, IN_PORTUGUESE);
    if (!parsed.success) return jsonError(422, API_ERRORS.invalid, { fieldErrors: zodFieldErrors(parsed.error) });

    const stored = await ingestConversation(key, parsed.data);
    await touchApiKey(key.id).catch((e) => console.error("[api conversas] last_used_at", e));
    return json(201, { id: stored.id, client_id: stored.clientId, client_created: stored.clientCreated });
  });
}
