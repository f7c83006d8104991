import "server-only";
import { Agent, fetch } from "undici";
import type { PspSecrets } from "./secrets";
import { defaultTokenUrl } from "./settings-schemas";

/**
 * The Banco Central's standard Pix API, as every Brazilian PSP exposes it (the BCB's OpenAPI, "API
 * Pix"): an OAuth2 token by client credentials (and mTLS where the PSP asks), then
 *   PUT  {base}/cob/{txid}   an immediate charge: { calendario: { expiracao }, valor: { original }, chave }
 *   GET  {base}/cob/{txid}   its status (ATIVA, CONCLUIDA, REMOVIDA_…) and the Pix that paid it
 *   PATCH {base}/cob/{txid}  { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" }: nobody can pay it after
 * Money crosses as decimal strings ("60.00"), converted to and from centavos here only.
 */
export type Psp = { baseUrl: string; tokenUrl: string | null; clientId: string; secrets: PspSecrets };

export type CobStatus = "ATIVA" | "CONCLUIDA" | "REMOVIDA_PELO_USUARIO_RECEBEDOR" | "REMOVIDA_PELO_PSP";

export type Cob = {
  txid: string;
  status: CobStatus;
  amountCents: number;
  /** 'Pix copia e cola' of the charge. */
  brcode: string;
  /** The Pix that paid it (CONCLUIDA). */
  paid: { endToEndId: string; cents: number; at: string }[];
};

export class PspError extends Error {
  constructor(message: string, readonly status: number | null) {
    super(message);
  }
}

const TIMEOUT_MS = 8_000;

export function centsOf(valor: string): number | null {
  if (!/^\d{1,10}\.\d{2}$/.test(valor)) return null;
  const [reais, centavos] = valor.split(".");
  return Number(reais) * 100 + Number(centavos);
}

export function valorOf(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** A request to the PSP; a network failure (refused, reset, timed out) is a PspError like a refusal. */
async function send(url: string, init: Parameters<typeof fetch>[1]) {
  try {
    return await fetch(url, init);
  } catch (e) {
    throw new PspError(`${url}: ${(e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message}`, null);
  }
}

const agents = new Map<string, Agent>();

/** One connection pool per PSP credential; with the client certificate when the PSP asks for mTLS. */
function agentOf(psp: Psp): Agent {
  const k = `${psp.baseUrl}\n${psp.clientId}\n${psp.secrets.certificate ?? ""}`;
  let a = agents.get(k);
  if (!a) {
    a = new Agent({
      connect: psp.secrets.certificate && psp.secrets.privateKey ? { cert: psp.secrets.certificate, key: psp.secrets.privateKey } : {},
      keepAliveTimeout: 30_000,
    });
    agents.set(k, a);
  }
  return a;
}

const tokens = new Map<string, { token: string; until: number }>();

async function token(psp: Psp): Promise<string> {
  const k = `${psp.baseUrl}\n${psp.clientId}`;
  const kept = tokens.get(k);
  if (kept && kept.until > Date.now()) return kept.token;
  // Blank on the card: the API's origin's /oauth/token, the rule the card's hint shows.
  const url = psp.tokenUrl ?? defaultTokenUrl(psp.baseUrl)!;
  const res = await send(url, {
    method: "POST",
    dispatcher: agentOf(psp),
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      authorization: `Basic ${Buffer.from(`${psp.clientId}:${psp.secrets.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  if (!res.ok) throw new PspError(`token: HTTP ${res.status}`, res.status);
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new PspError("token: resposta sem access_token", res.status);
  // Renewed a minute before it lapses.
  tokens.set(k, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
  return body.access_token;
}

async function call(psp: Psp, method: "GET" | "PUT" | "PATCH", path: string, body?: unknown): Promise<unknown> {
  const once = async () =>
    send(`${psp.baseUrl.replace(/\/+$/, "")}${path}`, {
      method,
      dispatcher: agentOf(psp),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { authorization: `Bearer ${await token(psp)}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  let res = await once();
  if (res.status === 401) {
    // A token revoked before its time: one new token, one more try.
    tokens.delete(`${psp.baseUrl}\n${psp.clientId}`);
    res = await once();
  }
  if (!res.ok) throw new PspError(`${method} ${path}: HTTP ${res.status}`, res.status);
  return res.json();
}

type CobBody = {
  txid?: string;
  status?: string;
  valor?: { original?: string };
  pixCopiaECola?: string;
  pix?: { endToEndId?: string; valor?: string; horario?: string }[];
};

function cobOf(b: CobBody): Cob {
  const amount = centsOf(b.valor?.original ?? "");
  const statuses: CobStatus[] = ["ATIVA", "CONCLUIDA", "REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_PSP"];
  if (!b.txid || amount === null || !statuses.includes(b.status as CobStatus)) throw new PspError("cobrança: resposta fora do padrão", null);
  const paid = (b.pix ?? []).flatMap((p) => {
    const cents = centsOf(p.valor ?? "");
    return p.endToEndId && cents !== null ? [{ endToEndId: p.endToEndId, cents, at: p.horario ?? new Date().toISOString() }] : [];
  });
  return { txid: b.txid, status: b.status as CobStatus, amountCents: amount, brcode: b.pixCopiaECola ?? "", paid };
}

export async function createCob(psp: Psp, input: { txid: string; amountCents: number; pixKey: string; expiresInSeconds: number; description: string }): Promise<Cob> {
  const cob = cobOf(
    (await call(psp, "PUT", `/cob/${input.txid}`, {
      calendario: { expiracao: input.expiresInSeconds },
      valor: { original: valorOf(input.amountCents) },
      chave: input.pixKey,
      solicitacaoPagador: input.description.slice(0, 140),
    })) as CobBody,
  );
  if (cob.txid !== input.txid || cob.amountCents !== input.amountCents || !cob.brcode) throw new PspError("cobrança: o PSP respondeu outra cobrança", null);
  return cob;
}

export async function readCob(psp: Psp, txid: string): Promise<Cob> {
  return cobOf((await call(psp, "GET", `/cob/${txid}`)) as CobBody);
}

export async function removeCob(psp: Psp, txid: string): Promise<Cob> {
  return cobOf((await call(psp, "PATCH", `/cob/${txid}`, { status: "REMOVIDA_PELO_USUARIO_RECEBEDOR" })) as CobBody);
}
