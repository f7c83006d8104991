import "server-only";
import { IN_PORTUGUESE } from "@/lib/core/validation/zod-messages";
import { zodFieldErrors } from "@/lib/core/actions/result";
import { subjectKey } from "@/lib/core/rate-limit";
import { CONVERSATIONS_API } from "@/lib/core/rate-limit/policies";
import { NUL_MESSAGE, nulPath } from "@/lib/core/validation/nul-bytes";
import { findActiveKey, touchApiKey } from "./api-keys";
import { ingestConversation } from "./ingest";
import { ingestBodySchema } from "./ingest-schema";
import { boundedText } from "@/lib/core/http/bounded-body";
import { refuse, type RouteCall, type RouteRefusal } from "@/lib/core/http/define-route";
import { json, retryAfterSeconds } from "@/lib/core/http/responses";

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

function unauthorized(error: string, code: "invalid_request" | "invalid_token"): RouteRefusal {
  return refuse("unauthenticated", error, { headers: { "WWW-Authenticate": `Bearer realm="agenda", error="${code}"` } });
}

function bearer(req: Request): string | null {
  const m = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/**
 * POST /api/conversations (through defineRoute: app/api/conversations/route.ts, whose 429s say
 * tooManyRequests): the business's WhatsApp bot stores a message (docs/features/whatsapp-bot-api.md).
 * The key alone says which business: no cookie, no session. Order: the key (a missing or wrong one
 * counts against the address, 429 past its limit, else 401) → the key's own limit → body → stored.
 * Answers 201, 401, 413, 422, 429, JSON in Portuguese.
 */
export async function answerConversationPost({ req, address, limit }: RouteCall<Record<string, never>, null>): Promise<Response | RouteRefusal> {
  const presented = bearer(req);
  const key = presented ? await findActiveKey(presented) : null;
  if (!key) {
    // Wrong keys are counted per address; a valid key is never held up by them.
    const refused = await limit(CONVERSATIONS_API.badKey, subjectKey(address));
    if (refused) return refused;
    return presented ? unauthorized(API_ERRORS.badKey, "invalid_token") : unauthorized(API_ERRORS.missingKey, "invalid_request");
  }
  const refused = await limit(CONVERSATIONS_API.key, key.id);
  if (refused) return refused;

  const text = await boundedText(req, MAX_BODY_BYTES);
  if (text === null) return refuse("too-large", API_ERRORS.tooLarge);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse("invalid", API_ERRORS.badJson);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return refuse("invalid", API_ERRORS.badJson);
  const nul = nulPath(raw);
  if (nul !== null) return refuse("invalid", API_ERRORS.invalid, { fieldErrors: { [nul]: NUL_MESSAGE } });
  const parsed = ingestBodySchema.safeParse(raw, IN_PORTUGUESE);
  if (!parsed.success) return refuse("invalid", API_ERRORS.invalid, { fieldErrors: zodFieldErrors(parsed.error) });

  const stored = await ingestConversation(key, parsed.data);
  await touchApiKey(key.id).catch((e) => console.error("[rota POST /api/conversations] last_used_at", e));
  return json(201, { id: stored.id, client_id: stored.clientId, client_created: stored.clientCreated });
}
