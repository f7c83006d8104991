/**
 * The 'Pix' card on Meus Dados (lib/pix/settings.ts): the owner's key, name and city, and the PSP's
 * credentials sealed at rest, kept when the field is left blank, never read back to the browser.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { db } from "@/db";
import { businessPix } from "@/db/schema";
import { ACCESS } from "@/lib/auth/permissions";
import { openSecrets, sealSecrets } from "@/lib/pix/secrets";
import { pixSettings } from "@/lib/pix/settings";
import { removePixPspAction, renewPixWebhookSecretAction, savePixSettingsAction } from "@/lib/pix/settings-actions";
import { PIX_SETTINGS_MESSAGES as MSG } from "@/lib/pix/settings-messages";
import { defaultTokenUrl, type PixSettingsFields } from "@/lib/pix/settings-schemas";
import { ReportAccessDenied } from "@/lib/reports/owner-access";
import { actAs } from "./act-as";
import { twoBusinesses } from "./fixtures";

vi.mock("next/headers", async () => (await import("./request-stub")).nextHeaders);
vi.mock("next/cache", async () => (await import("./request-stub")).nextCache);

type Cast = Awaited<ReturnType<typeof twoBusinesses>>;
let s: Cast;
beforeEach(async () => {
  s = await twoBusinesses();
});

const CLIENT_SECRET = "cs-Segredo-Do-Banco-8f3a9";
const fields = (over: Partial<PixSettingsFields> = {}): PixSettingsFields => ({
  pixKey: "(65) 98888-7777", merchantName: "Studio Bela", merchantCity: "Cuiabá", psp: false,
  pspBaseUrl: "", pspTokenUrl: "", pspClientId: "", pspClientSecret: "", pspCertificate: "", pspPrivateKey: "", ...over,
});
const withPsp = (over: Partial<PixSettingsFields> = {}) =>
  fields({ psp: true, pspBaseUrl: "https://pix.banco.example/api/v2/", pspClientId: "cliente-123", pspClientSecret: CLIENT_SECRET, ...over });
const save = (v: PixSettingsFields, businessId = s.business.id) => savePixSettingsAction({ businessId, ...v });
const rowOf = async (businessId = s.business.id) => (await db.select().from(businessPix).where(eq(businessPix.businessId, businessId)))[0] ?? null;

/** A self-signed certificate and its key (PEM), and a key of another pair. */
let mtls: { certificate: string; privateKey: string; otherKey: string };
beforeAll(() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pix-mtls-"));
  const pem = (name: string) => fs.readFileSync(path.join(dir, name), "utf8").trim();
  const quiet = { stdio: "ignore" } as const;
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem"), "-days", "30", "-subj", "/CN=agenda-teste"], quiet);
  execFileSync("openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", path.join(dir, "other.pem")], quiet);
  mtls = { certificate: pem("cert.pem"), privateKey: pem("key.pem"), otherKey: pem("other.pem") };
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the owner's Pix", () => {
  test("saves the key (normalised), the name and the city; the card reads them back", async () => {
    await actAs(s.owner.id);
    expect(await save(fields())).toEqual({ ok: true, psp: false });
    expect(await rowOf()).toMatchObject({ pixKey: "+5565988887777", merchantName: "Studio Bela", merchantCity: "Cuiabá", pspBaseUrl: null, pspSecrets: null, updatedBy: s.owner.id });
    expect(await pixSettings(s.business.id)).toEqual({ pixKey: "+5565988887777", merchantName: "Studio Bela", merchantCity: "Cuiabá", psp: null });
    // Saved again: one row, changed.
    expect(await save(fields({ pixKey: "Pix@Salao.example", merchantName: "Studio Bela Centro" }))).toMatchObject({ ok: true });
    expect(await db.select().from(businessPix).where(eq(businessPix.businessId, s.business.id))).toHaveLength(1);
    expect(await rowOf()).toMatchObject({ pixKey: "pix@salao.example", merchantName: "Studio Bela Centro" });
  });

  test("a key that is no Pix key is refused on its field, with the message; nothing is saved", async () => {
    await actAs(s.owner.id);
    for (const pixKey of ["123.456.789-00", "chave qualquer", "12345"]) {
      expect(await save(fields({ pixKey }))).toEqual({ ok: false, error: MSG.saveError, description: MSG.keyInvalid, fieldErrors: { pixKey: MSG.keyInvalid } });
    }
    expect(await rowOf()).toBeNull();
  });

  test("the BR Code's limits: a name over 25 and a city over 15 characters are refused", async () => {
    await actAs(s.owner.id);
    expect(await save(fields({ merchantName: "A".repeat(26) }))).toMatchObject({ ok: false, fieldErrors: { merchantName: MSG.nameTooLong } });
    expect(await save(fields({ merchantCity: "Várzea Grande do Sul" }))).toMatchObject({ ok: false, fieldErrors: { merchantCity: MSG.cityTooLong } });
    expect(await rowOf()).toBeNull();
  });
});

describe("the PSP", () => {
  test("the secrets are sealed (not in clear in the column), the webhook secret is made once and shown to the owner only", async () => {
    await actAs(s.owner.id);
    expect(await save(withPsp())).toEqual({ ok: true, psp: true });
    const row = (await rowOf())!;
    expect(row).toMatchObject({ pspBaseUrl: "https://pix.banco.example/api/v2", pspTokenUrl: null, pspClientId: "cliente-123" });
    const sealed = openSecrets(row.pspSecrets!)!;
    expect(sealed).toMatchObject({ clientSecret: CLIENT_SECRET, certificate: null, privateKey: null });
    expect(sealed.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.pspSecrets).not.toContain(CLIENT_SECRET);
    expect(row.pspSecrets).not.toContain(sealed.webhookSecret);

    const view = await pixSettings(s.business.id);
    expect(defaultTokenUrl(row.pspBaseUrl!)).toBe("https://pix.banco.example/oauth/token");
    expect(view?.psp).toEqual({
      baseUrl: "https://pix.banco.example/api/v2", tokenUrl: null, clientId: "cliente-123",
      readable: true, hasCertificate: false, webhookUrl: expect.stringMatching(new RegExp(`/api/pix/webhook/${s.business.id}$`)), webhookSecret: sealed.webhookSecret,
    });
    // What the card gets never holds the client secret.
    expect(JSON.stringify(view)).not.toContain(CLIENT_SECRET);

    // Where the money goes is audited, by whom; the secrets never reach the audit log.
    const audits = await db.execute<{ description: string; user_id: string; row: string }>(sql`
      select description, user_id, row_to_json(l)::text as row from audit_logs l where business_id = ${s.business.id} and entity_type = 'pix' order by created_at`);
    expect(audits).toEqual([expect.objectContaining({ description: "Pix configurado: chave +5565988887777, PSP https://pix.banco.example/api/v2, novo client secret", user_id: s.owner.id })]);
    expect(audits[0].row).not.toContain(CLIENT_SECRET);
    expect(audits[0].row).not.toContain(sealed.webhookSecret);
  });

  test("a blank secret keeps the stored one (and the webhook secret); a typed one replaces it", async () => {
    await actAs(s.owner.id);
    await save(withPsp());
    const first = openSecrets((await rowOf())!.pspSecrets!)!;
    expect(await save(withPsp({ pspClientSecret: "", pspClientId: "cliente-456", merchantCity: "Cuiaba" }))).toMatchObject({ ok: true });
    const kept = (await rowOf())!;
    expect(kept).toMatchObject({ pspClientId: "cliente-456", merchantCity: "Cuiaba" });
    expect(openSecrets(kept.pspSecrets!)).toEqual(first);
    expect(await save(withPsp({ pspClientSecret: "outro-segredo" }))).toMatchObject({ ok: true });
    expect(openSecrets((await rowOf())!.pspSecrets!)).toEqual({ ...first, clientSecret: "outro-segredo" });
    // Saving with the PSP's section closed leaves the PSP as it is.
    expect(await save(fields({ merchantName: "Outro Nome" }))).toEqual({ ok: true, psp: true });
    expect(openSecrets((await rowOf())!.pspSecrets!)).toEqual({ ...first, clientSecret: "outro-segredo" });
  });

  test("the first save needs the client secret; an address must be https (or http on localhost)", async () => {
    await actAs(s.owner.id);
    expect(await save(withPsp({ pspClientSecret: "" }))).toMatchObject({ ok: false, fieldErrors: { pspClientSecret: MSG.clientSecretRequired } });
    expect(await save(withPsp({ pspBaseUrl: "http://pix.banco.example/v2" }))).toMatchObject({ ok: false, fieldErrors: { pspBaseUrl: MSG.urlInvalid } });
    expect(await save(withPsp({ pspTokenUrl: "ftp://pix.banco.example/token" }))).toMatchObject({ ok: false, fieldErrors: { pspTokenUrl: MSG.urlInvalid } });
    expect(await save(withPsp({ pspBaseUrl: "" }))).toMatchObject({ ok: false, fieldErrors: { pspBaseUrl: MSG.urlRequired } });
    expect(await rowOf()).toBeNull();
    expect(await save(withPsp({ pspBaseUrl: "http://127.0.0.1:4010/v2", pspTokenUrl: "http://localhost:4010/token" }))).toMatchObject({ ok: true });
    expect(await rowOf()).toMatchObject({ pspBaseUrl: "http://127.0.0.1:4010/v2", pspTokenUrl: "http://localhost:4010/token" });
  });

  test("mTLS: the certificate and its key, both, checked; blank keeps them", async () => {
    await actAs(s.owner.id);
    expect(await save(withPsp({ pspCertificate: mtls.certificate }))).toMatchObject({ ok: false, fieldErrors: { pspPrivateKey: MSG.certificateWithoutKey } });
    expect(await save(withPsp({ pspCertificate: mtls.certificate, pspPrivateKey: mtls.otherKey }))).toMatchObject({ ok: false, fieldErrors: { pspPrivateKey: MSG.keyMismatch } });
    expect(await save(withPsp({ pspCertificate: "-----BEGIN CERTIFICATE-----\nlixo\n-----END CERTIFICATE-----", pspPrivateKey: mtls.privateKey }))).toMatchObject({
      ok: false, fieldErrors: { pspCertificate: MSG.certificateInvalid },
    });
    expect(await rowOf()).toBeNull();
    expect(await save(withPsp({ pspCertificate: mtls.certificate, pspPrivateKey: mtls.privateKey }))).toMatchObject({ ok: true });
    expect(await save(withPsp({ pspClientSecret: "" }))).toMatchObject({ ok: true });
    const row = (await rowOf())!;
    expect(openSecrets(row.pspSecrets!)).toMatchObject({ clientSecret: CLIENT_SECRET, certificate: mtls.certificate, privateKey: mtls.privateKey });
    expect(row.pspSecrets).not.toContain("PRIVATE KEY");
    expect((await pixSettings(s.business.id))?.psp).toMatchObject({ hasCertificate: true });
  });

  test("'Gerar novo segredo' replaces the webhook secret only; 'Remover PSP' goes back to the static QR", async () => {
    await actAs(s.owner.id);
    await save(withPsp());
    const before = openSecrets((await rowOf())!.pspSecrets!)!;
    expect(await renewPixWebhookSecretAction({ businessId: s.business.id })).toMatchObject({ ok: true });
    const after = openSecrets((await rowOf())!.pspSecrets!)!;
    expect(after.webhookSecret).not.toBe(before.webhookSecret);
    expect(after).toEqual({ ...before, webhookSecret: after.webhookSecret });

    expect(await removePixPspAction({ businessId: s.business.id })).toMatchObject({ ok: true });
    expect(await rowOf()).toMatchObject({ pixKey: "+5565988887777", pspBaseUrl: null, pspTokenUrl: null, pspClientId: null, pspSecrets: null });
    expect((await pixSettings(s.business.id))?.psp).toBeNull();
    expect(await removePixPspAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: MSG.noPsp });
    expect(await renewPixWebhookSecretAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: MSG.noPsp });
  });

  test("sealed under another AUTH_SECRET: the card says so, and the credentials must be typed again", async () => {
    await actAs(s.owner.id);
    await save(withPsp());
    // Sealed as a server with another AUTH_SECRET would have (the session still signed with this one).
    const previous = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "outra-chave-do-servidor-com-32-caracteres!!";
    const foreign = sealSecrets({ clientSecret: CLIENT_SECRET, certificate: null, privateKey: null, webhookSecret: "antigo" });
    process.env.AUTH_SECRET = previous;
    await db.update(businessPix).set({ pspSecrets: foreign }).where(eq(businessPix.businessId, s.business.id));
    expect((await pixSettings(s.business.id))?.psp).toMatchObject({ readable: false, webhookSecret: null, hasCertificate: false });
    expect(await renewPixWebhookSecretAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: MSG.unreadable });
    expect(await save(withPsp({ pspClientSecret: "" }))).toMatchObject({ ok: false, fieldErrors: { pspClientSecret: MSG.clientSecretRequired } });
    expect(await save(withPsp({ pspClientSecret: "digitado-de-novo" }))).toMatchObject({ ok: true });
    const again = openSecrets((await rowOf())!.pspSecrets!)!;
    expect(again).toMatchObject({ clientSecret: "digitado-de-novo" });
    expect(again.webhookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("another business", () => {
  test("an employee and another business's owner can't read or change it", async () => {
    await actAs(s.owner.id);
    await save(withPsp());
    const stored = await rowOf();
    for (const who of [s.employee.id, s.stranger.id]) {
      await actAs(who);
      await expect(pixSettings(s.business.id)).rejects.toBeInstanceOf(ReportAccessDenied);
      expect(await save(withPsp({ pixKey: "ladrao@example.test", pspBaseUrl: "https://ladrao.example/v2" }))).toMatchObject({ ok: false, description: ACCESS.forbidden });
      expect(await renewPixWebhookSecretAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
      expect(await removePixPspAction({ businessId: s.business.id })).toMatchObject({ ok: false, description: ACCESS.forbidden });
    }
    expect(await rowOf()).toEqual(stored);
    // The stranger's own business is theirs: saving there doesn't touch this one.
    await actAs(s.stranger.id);
    expect(await save(fields({ pixKey: "dono@outro.example" }), s.other.id)).toMatchObject({ ok: true });
    expect(await rowOf()).toEqual(stored);
    expect(await rowOf(s.other.id)).toMatchObject({ pixKey: "dono@outro.example" });
  });
});
