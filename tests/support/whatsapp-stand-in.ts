/**
 * A local stand-in for the WhatsApp Cloud API (as e2e/oidc-provider.ts plays Google): it checks
 * each request as the real API does — POST /{phone-number-id}/messages, the bearer token, a
 * template message with digits-only `to`, a template name and language, non-empty text body
 * parameters without line breaks, tabs or 5 spaces in a row, URL buttons with one text parameter
 * each — and answers in Meta's shapes (200 with a message id; 401 code 190; 400
 * code 100). It keeps what it accepted, and can be told to fail the next requests with 500.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";

export type Received = { to: string; template: string; language: string; bodyParams: string[]; buttonParams: string[] };

export async function startWhatsAppStandIn(opts: { token: string; phoneNumberId: string }) {
  const received: Received[] = [];
  let failNext = 0;
  const error = (res: http.ServerResponse, status: number, code: number, message: string) =>
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message, type: "OAuthException", code, fbtrace_id: randomUUID() } }));
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (failNext > 0) {
        failNext--;
        return error(res, 500, 2, "Service temporarily unavailable");
      }
      if (req.method !== "POST" || !/^\/v\d+\.\d+\/[^/]+\/messages$|^\/[^/]+\/messages$/.test(req.url ?? "")) return error(res, 404, 100, "Unknown path");
      // Meta checks the token before anything else: a wrong one is 401 whatever the request.
      if (req.headers.authorization !== `Bearer ${opts.token}`) return error(res, 401, 190, "Invalid OAuth access token");
      if (!(req.url ?? "").endsWith(`/${opts.phoneNumberId}/messages`)) return error(res, 400, 100, "Unsupported post request: unknown phone number id");
      type Parameter = { type?: string; text?: unknown };
      type Component = { type?: string; sub_type?: string; index?: unknown; parameters?: Parameter[] };
      let body: { messaging_product?: string; type?: string; to?: string; template?: { name?: string; language?: { code?: string }; components?: Component[] } };
      try {
        body = JSON.parse(raw);
      } catch {
        return error(res, 400, 100, "Invalid JSON");
      }
      const t = body.template;
      const bodyComp = t?.components?.find((c) => c.type === "body");
      const buttons = (t?.components ?? []).filter((c) => c.type === "button");
      if (body.messaging_product !== "whatsapp" || body.type !== "template" || !/^\d{10,15}$/.test(body.to ?? "")) return error(res, 400, 100, "Invalid parameter");
      if (!t?.name || !t.language?.code) return error(res, 400, 100, "Template name and language are required");
      const to = body.to as string;
      const params = bodyComp?.parameters ?? [];
      if (params.some((p) => p.type !== "text" || typeof p.text !== "string" || !p.text.length || /[\r\n\t]| {5,}/.test(p.text))) {
        return error(res, 400, 100, "Param text cannot have new-line/tab characters or more than 4 consecutive spaces");
      }
      const texts = params.map((p) => p.text as string);
      // A URL button's dynamic suffix: sub_type url, its index as a string, one text parameter.
      if (buttons.some((b) => b.sub_type !== "url" || typeof b.index !== "string" || !/^\d$/.test(b.index) || b.parameters?.length !== 1 || b.parameters[0].type !== "text" || typeof b.parameters[0].text !== "string" || !b.parameters[0].text)) {
        return error(res, 400, 100, "Invalid button parameter");
      }
      received.push({
        to, template: t.name, language: t.language.code, bodyParams: texts,
        buttonParams: [...buttons].sort((a, b) => Number(a.index) - Number(b.index)).map((b) => b.parameters![0].text as string),
      });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
        messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${randomUUID()}` }],
      }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v21.0`,
    received,
    failNext: (n: number) => (failNext = n),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
