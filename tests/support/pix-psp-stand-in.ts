/**
 * A local stand-in for a PSP's standard Pix API (the Banco Central's "API Pix"), as
 * whatsapp-stand-in.ts plays Meta: POST /oauth/token (client credentials, Basic auth), then with the
 * bearer token PUT/GET/PATCH /v2/cob/{txid} (txid [a-zA-Z0-9]{26,35}, valor.original "60.00", chave),
 * answering in the API's shapes (status ATIVA → CONCLUIDA with pix[].endToEndId). `pay(txid)` plays
 * a payer: the charge concludes and, if a webhook is set for its key, the PSP POSTs { pix: [...] } to
 * `{webhookUrl}/pix`, signed (x-pix-signature: sha256=HMAC of the body with the shared secret).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac, randomBytes } from "node:crypto";
import { createDynamicPix, hasError } from "pix-utils";

type Cob = { txid: string; status: string; valor: string; chave: string; pixCopiaECola: string; pix: { endToEndId: string; txid: string; valor: string; horario: string }[] };

export async function startPixPspStandIn(opts: { clientId: string; clientSecret: string }) {
  const cobs = new Map<string, Cob>();
  const tokens = new Set<string>();
  const calls: string[] = [];
  type Send = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number }>;
  /** The webhook registered for each Pix key (the standard's PUT /webhook/{chave}). */
  const webhooks = new Map<string, { url: string; secret: string; send: Send }>();
  const json = (res: http.ServerResponse, status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  const problem = (res: http.ServerResponse, status: number, title: string) => json(res, status, { type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida", title, status });

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      calls.push(`${req.method} ${url.pathname}`);
      if (req.method === "POST" && url.pathname === "/oauth/token") {
        const basic = `Basic ${Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString("base64")}`;
        if (req.headers.authorization !== basic || !raw.includes("grant_type=client_credentials")) return json(res, 401, { error: "invalid_client" });
        const token = randomBytes(16).toString("hex");
        tokens.add(token);
        return json(res, 200, { access_token: token, token_type: "Bearer", expires_in: 3600, scope: "cob.write cob.read pix.read" });
      }
      const m = url.pathname.match(/^\/v2\/cob\/([A-Za-z0-9]+)$/);
      if (!m) return problem(res, 404, "Não encontrado");
      if (!tokens.has((req.headers.authorization ?? "").replace(/^Bearer /, ""))) return json(res, 401, { error: "invalid_token" });
      const txid = m[1];
      if (!/^[A-Za-z0-9]{26,35}$/.test(txid)) return problem(res, 400, "txid inválido");
      let body: { calendario?: { expiracao?: number }; valor?: { original?: string }; chave?: string; status?: string } = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        return problem(res, 400, "JSON inválido");
      }
      if (req.method === "PUT") {
        if (cobs.has(txid)) return problem(res, 400, "Cobrança já existe");
        if (!/^\d{1,10}\.\d{2}$/.test(body.valor?.original ?? "") || !body.chave) return problem(res, 400, "Cobrança inválida");
        const location = `127.0.0.1:${port}/qr/v2/${txid}`;
        const dynamic = createDynamicPix({ merchantName: "PSP TESTE", merchantCity: "CUIABA", url: location });
        if (hasError(dynamic)) return problem(res, 500, "BR Code");
        const pixCopiaECola = dynamic.toBRCode();
        const cob: Cob = { txid, status: "ATIVA", valor: body.valor!.original!, chave: body.chave, pixCopiaECola, pix: [] };
        cobs.set(txid, cob);
        return json(res, 201, { ...cob, calendario: { criacao: new Date().toISOString(), expiracao: body.calendario?.expiracao ?? 3600 }, valor: { original: cob.valor }, location, revisao: 0 });
      }
      const cob = cobs.get(txid);
      if (!cob) return problem(res, 404, "Cobrança não encontrada");
      if (req.method === "PATCH") {
        if (cob.status === "CONCLUIDA") return problem(res, 400, "Cobrança já concluída");
        if (body.status === "REMOVIDA_PELO_USUARIO_RECEBEDOR") cob.status = body.status;
      }
      return json(res, 200, { ...cob, valor: { original: cob.valor } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** What the PSP posts to the webhook for `pix` (signed with the shared secret, or as `sign` says). */
  async function deliver(chave: string, pix: Cob["pix"], sign?: (body: string) => string) {
    const webhook = webhooks.get(chave);
    if (!webhook) return null;
    sign ??= (b) => `sha256=${createHmac("sha256", webhook.secret).update(b).digest("hex")}`;
    const body = JSON.stringify({ pix });
    const res = await webhook.send(`${webhook.url}/pix`, { method: "POST", headers: { "content-type": "application/json", "x-pix-signature": sign(body) }, body });
    return res.status;
  }

  return {
    url: `http://127.0.0.1:${port}/v2`,
    tokenUrl: `http://127.0.0.1:${port}/oauth/token`,
    cobs,
    calls,
    /** Where the webhook goes; `send` (default fetch) lets a test hand it to the route handler itself. */
    setWebhook: (chave: string, url: string, secret: string, send: Send = (u, init) => fetch(u, init)) => webhooks.set(chave, { url, secret, send }),
    /**
     * A payer pays the charge `txid` (with `cents`, default its amount): it concludes, then the
     * webhook is delivered unless `webhook: false`. Answers the webhook's HTTP status.
     */
    async pay(txid: string, o: { cents?: number; webhook?: boolean } = {}) {
      const cob = cobs.get(txid);
      if (!cob || cob.status !== "ATIVA") throw new Error(`cobrança ${txid} não está ativa`);
      const valor = o.cents === undefined ? cob.valor : `${Math.trunc(o.cents / 100)}.${String(o.cents % 100).padStart(2, "0")}`;
      const pix = { endToEndId: `E18236120${new Date().toISOString().replace(/\D/g, "").slice(0, 12)}${randomBytes(6).toString("hex")}`, txid, valor, horario: new Date().toISOString() };
      cob.status = "CONCLUIDA";
      cob.pix.push(pix);
      return o.webhook === false ? null : deliver(cob.chave, [pix]);
    },
    /** The last Pix of `txid` delivered again (a PSP's retry). */
    redeliver: (txid: string, sign?: (body: string) => string) => deliver(cobs.get(txid)!.chave, cobs.get(txid)!.pix, sign),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
