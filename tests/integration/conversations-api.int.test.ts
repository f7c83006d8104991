/**
 * POST /api/conversations (the WhatsApp bot's way in) through its real route handler, and the
 * owner's key management actions.
 */
import { createHash, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { auditLogs, businessApiKeys, clients, conversations } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/conversations/actions";
import { API_ERRORS } from "@/lib/conversations/api-handler";
import { API_KEY_MESSAGES, MAX_ACTIVE_API_KEYS } from "@/lib/conversations/messages";
import { markPeerHeaderTrusted, PEER_HEADER } from "@/lib/core/net/client-address";
import { CONVERSATIONS_API } from "@/lib/core/rate-limit/policies";
import { POST } from "@/app/api/conversations/route";
import { actAs } from "./act-as";
import { createClient, twoBusinesses, uniq } from "./fixtures";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

type Cast = Awaited<ReturnType<typeof twoBusinesses>>;
let cast: Cast;
/** Each test posts from its own address, so the per-address count of wrong keys never leaks between tests. */
let address: string;

beforeAll(() => markPeerHeaderTrusted());
beforeEach(async () => {
  cast = await twoBusinesses();
  address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
});

function post(body: unknown, key?: string | null, raw?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", [PEER_HEADER]: address };
  if (key) headers.authorization = `Bearer ${key}`;
  return POST(new Request("http://localhost/api/conversations", { method: "POST", headers, body: raw ?? JSON.stringify(body) }));
}

async function newKey(businessId = cast.business.id, ownerId = cast.owner.id, name = `Bot ${uniq()}`): Promise<{ id: string; key: string }> {
  await actAs(ownerId);
  const result = await createApiKeyAction({ businessId, name });
  if (!result.ok) throw new Error(result.error);
  return result;
}

const message = (over: Record<string, unknown> = {}) => ({
  client_phone: "(65) 99911-2233", client_name: "Maria", message: "Olá, quero agendar", is_bot: false, ...over,
});

describe("key management (owner only)", () => {
  test("the key is returned once, only its SHA-256 is stored, with its name and creator", async () => {
    const { id, key } = await newKey(cast.business.id, cast.owner.id, "Bot principal");
    expect(key).toMatch(/^agd_[A-Za-z0-9_-]{43}$/);
    const [row] = await db.select().from(businessApiKeys).where(eq(businessApiKeys.id, id));
    expect(row).toMatchObject({
      businessId: cast.business.id, name: "Bot principal", createdBy: cast.owner.id, hint: key.slice(-4), lastUsedAt: null, revokedAt: null,
      keyHash: createHash("sha256").update(key).digest("hex"),
    });
    expect(JSON.stringify(row)).not.toContain(key);
  });

  test("name required; at most 10 active keys", async () => {
    await actAs(cast.owner.id);
    expect(await createApiKeyAction({ businessId: cast.business.id, name: "  " })).toMatchObject({
      ok: false, error: API_KEY_MESSAGES.createError, fieldErrors: { name: API_KEY_MESSAGES.nameRequired },
    });
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_API_KEYS; i++) made.push(await newKey());
    await actAs(cast.owner.id);
    expect(await createApiKeyAction({ businessId: cast.business.id, name: "Mais uma" })).toEqual({
      ok: false, error: API_KEY_MESSAGES.createError, description: API_KEY_MESSAGES.tooMany,
    });
    expect((await revokeApiKeyAction({ businessId: cast.business.id, id: made[0].id })).ok).toBe(true);
    expect((await createApiKeyAction({ businessId: cast.business.id, name: "Agora cabe" })).ok).toBe(true);
  });

  test("an employee and another business's owner can neither create nor revoke; a foreign key id is not found", async () => {
    const { id } = await newKey();
    await actAs(cast.employee.id);
    expect(await createApiKeyAction({ businessId: cast.business.id, name: "x" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await revokeApiKeyAction({ businessId: cast.business.id, id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    await actAs(cast.stranger.id);
    expect(await createApiKeyAction({ businessId: cast.business.id, name: "x" })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    expect(await revokeApiKeyAction({ businessId: cast.business.id, id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    // Naming their own business with this business's key id: not found there, nothing revoked.
    expect(await revokeApiKeyAction({ businessId: cast.other.id, id })).toEqual({
      ok: false, error: API_KEY_MESSAGES.revokeError, description: API_KEY_MESSAGES.notFound,
    });
    const [row] = await db.select().from(businessApiKeys).where(eq(businessApiKeys.id, id));
    expect(row.revokedAt).toBeNull();
    expect(await db.select().from(businessApiKeys).where(eq(businessApiKeys.businessId, cast.business.id))).toHaveLength(1);
  });
});

describe("POST /api/conversations refuses", () => {
  test("a missing key, a wrong key and a revoked key: 401, JSON in Portuguese, nothing stored", async () => {
    const before = (await db.select().from(conversations)).length;
    let res = await post(message());
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({ error: API_ERRORS.missingKey });

    res = await post(message(), `agd_${randomUUID()}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_ERRORS.badKey });
    res = await post(message(), "not-even-our-format");
    expect(res.status).toBe(401);

    const { id, key } = await newKey();
    expect((await post(message(), key)).status).toBe(201);
    await actAs(cast.owner.id);
    expect(await revokeApiKeyAction({ businessId: cast.business.id, id })).toEqual({ ok: true });
    res = await post(message({ message: "depois de revogada" }), key);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: API_ERRORS.badKey });
    expect((await db.select().from(conversations)).length).toBe(before + 1);
  });

  test("a body that is not a JSON object, or has bad fields: 422 with the field errors", async () => {
    const { key } = await newKey();
    let res = await post(null, key, "{not json");
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: API_ERRORS.badJson });
    res = await post([message()], key);
    expect(res.status).toBe(422);
    res = await post({ client_phone: "12", message: "  ", is_bot: "sim", sent_at: "ontem" }, key);
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toBe(API_ERRORS.invalid);
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["client_phone", "is_bot", "message", "sent_at"]);
    expect(body.fieldErrors.client_phone).toBe("Telefone inválido: informe de 8 a 15 dígitos.");
    res = await post(null, key, JSON.stringify(message({ message: "x".repeat(20_000) })));
    expect(res.status).toBe(413);
    expect(await db.select().from(conversations).where(eq(conversations.businessId, cast.business.id))).toHaveLength(0);
  });

  test("too many requests with one key: 429 with Retry-After; another key of the business is unaffected", async () => {
    const { key } = await newKey();
    for (let i = 0; i < CONVERSATIONS_API.key.points; i++) expect((await post({}, key)).status).toBe(422);
    const res = await post(message(), key);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(CONVERSATIONS_API.key.windowSec);
    expect((await res.json()).error).toMatch(/^Muitas requisições\. Tente novamente em \d+ segundos?\.$/);
    const other = await newKey();
    expect((await post(message(), other.key)).status).toBe(201);
  });

  test("too many wrong keys from one address: 429; a valid key from that address still works", async () => {
    for (let i = 0; i < CONVERSATIONS_API.badKey.points; i++) expect((await post(message(), `agd_${uniq()}`)).status).toBe(401);
    const res = await post(message(), `agd_${uniq()}`);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    const { key } = await newKey();
    expect((await post(message(), key)).status).toBe(201);
  });
});

describe("POST /api/conversations stores", () => {
  test("finds the business's client by phone digits, with or without 55; keeps sent_at; notes the key's use", async () => {
    const t = uniq();
    const ana = await createClient(cast.business.id, { name: `Ana ${t}`, phone: "(65) 99911-2233" });
    // Another business's client with the same phone is never matched.
    await createClient(cast.other.id, { name: `Outra ${t}`, phone: "65999112233" });
    const { id: keyId, key } = await newKey();
    for (const phone of ["+55 (65) 99911-2233", "65999112233", "5565999112233"]) {
      const res = await post(message({ client_phone: phone, client_name: "Nome do WhatsApp", is_bot: true, sent_at: "2026-03-10T09:15:00-04:00" }), key);
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body).toEqual({ id: expect.any(String), client_id: ana.id, client_created: false });
      const [row] = await db.select().from(conversations).where(eq(conversations.id, body.id));
      expect(row).toMatchObject({ businessId: cast.business.id, clientId: ana.id, isBot: true, message: "Olá, quero agendar" });
      expect(row.createdAt.toISOString()).toBe("2026-03-10T13:15:00.000Z");
    }
    // The client's own name is kept.
    expect((await db.select().from(clients).where(eq(clients.id, ana.id)))[0].name).toBe(`Ana ${t}`);
    const [k] = await db.select().from(businessApiKeys).where(eq(businessApiKeys.id, keyId));
    expect(k.lastUsedAt).not.toBeNull();
  });

  test("creates the client when no phone matches, audited without a user; without sent_at it is now", async () => {
    const { key } = await newKey(cast.business.id, cast.owner.id, "Bot da recepção");
    const started = Date.now();
    const res = await post(message({ client_phone: "65 98765-4321", client_name: "Zé Novo" }), key);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.client_created).toBe(true);
    const [client] = await db.select().from(clients).where(eq(clients.id, body.client_id));
    expect(client).toMatchObject({ businessId: cast.business.id, name: "Zé Novo", phone: "65 98765-4321", userId: null });
    const [conv] = await db.select().from(conversations).where(eq(conversations.id, body.id));
    expect(conv.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
    const audits = await db.select().from(auditLogs).where(and(eq(auditLogs.entityId, client.id), eq(auditLogs.businessId, cast.business.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      userId: null, actionType: "CREATE", entityType: "client",
      description: 'Cliente "Zé Novo" criado pela integração com WhatsApp (chave "Bot da recepção")',
    });
    // The next message from that phone finds it; without a name the phone names a new client.
    expect(await (await post(message({ client_phone: "+55 65 98765-4321", client_name: null }), key)).json()).toMatchObject({ client_id: client.id, client_created: false });
    const noName = await (await post(message({ client_phone: "65 3025-1000", client_name: undefined }), key)).json();
    expect((await db.select().from(clients).where(eq(clients.id, noName.client_id)))[0].name).toBe("(65) 3025-1000");
  });

  test("two first messages from one new phone at once make one client", async () => {
    const { key } = await newKey();
    const phone = `65 9${String(Date.now()).slice(-4)}-${String(Math.floor(Math.random() * 9000) + 1000)}`;
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => post(message({ client_phone: phone, message: `m${i}` }), key)));
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(results.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(bodies.map((b) => b.client_id)).size).toBe(1);
    expect(bodies.filter((b) => b.client_created)).toHaveLength(1);
  });

  test("the key decides the business: a key of the other business stores there", async () => {
    const { key } = await newKey(cast.other.id, cast.stranger.id);
    const res = await post(message({ client_phone: "65 97777-0000" }), key);
    const body = await res.json();
    const [conv] = await db.select().from(conversations).where(eq(conversations.id, body.id));
    expect(conv.businessId).toBe(cast.other.id);
  });
});
