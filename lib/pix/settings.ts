import "server-only";
import { createPrivateKey, randomBytes, X509Certificate } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { businessPix } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult, type FieldErrors } from "@/lib/core/actions/result";
import { appUrl } from "@/lib/core/config/app-url";
import { asOwner } from "@/lib/reports/owner-access";
import { normalizePixKey } from "./brcode";
import { openSecrets, sealSecrets, type PspSecrets } from "./secrets";
import { PIX_SETTINGS_MESSAGES as MSG } from "./settings-messages";
import { withoutTrailingSlash, type PixSettingsInput } from "./settings-schemas";

/**
 * The business's Pix settings (business_pix): the 'Pix' card on Meus Dados reads and writes them,
 * the owner's alone. The PSP's client secret, certificate and private key are sealed
 * (lib/pix/secrets.ts) and never leave the server; the webhook secret, made here, is shown to the
 * owner so they can register it at their PSP.
 */

/** The address the business's PSP posts its payment notices to (registered at the PSP). */
export function pixWebhookUrl(businessId: string): string {
  return `${appUrl()}/api/pix/webhook/${businessId}`;
}

/** A webhook secret: 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString("base64url");
}

export type PixSettingsView = {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  psp: {
    baseUrl: string;
    /** As typed; null: the default (`defaultTokenUrl` of settings-schemas.ts). */
    tokenUrl: string | null;
    clientId: string;
    /** The sealed secrets opened (false: sealed under another AUTH_SECRET, to be typed again). */
    readable: boolean;
    hasCertificate: boolean;
    webhookUrl: string;
    /** Shown to the owner to register at the PSP; null when unreadable. */
    webhookSecret: string | null;
  } | null;
};

/** The card's view, for an owner of the business only (the secrets never: only whether they are there). */
export function pixSettings(businessId: string, conn: Conn = db): Promise<PixSettingsView | null> {
  return asOwner(businessId, async () => {
    const [row] = await conn.select().from(businessPix).where(eq(businessPix.businessId, businessId));
    if (!row) return null;
    const secrets = row.pspSecrets ? openSecrets(row.pspSecrets) : null;
    return {
      pixKey: row.pixKey,
      merchantName: row.merchantName,
      merchantCity: row.merchantCity,
      psp:
        row.pspBaseUrl && row.pspClientId
          ? {
              baseUrl: row.pspBaseUrl,
              tokenUrl: row.pspTokenUrl,
              clientId: row.pspClientId,
              readable: !!secrets,
              hasCertificate: !!secrets?.certificate,
              webhookUrl: pixWebhookUrl(businessId),
              webhookSecret: secrets?.webhookSecret ?? null,
            }
          : null,
    };
  });
}

/** The stored row, locked for this transaction (the secrets are read, changed and sealed again). */
async function lockedRow(w: Write) {
  const [row] = await w.tx.select().from(businessPix).where(eq(businessPix.businessId, w.ctx.businessId)).for("update");
  return row ?? null;
}

/** The typed certificate and key (PEM), checked by Node's own parsers: each readable, the key the certificate's. */
function mtlsProblems(certificate: string | null, privateKey: string | null): FieldErrors {
  const errors: FieldErrors = {};
  if (certificate && !privateKey) errors.pspPrivateKey = MSG.certificateWithoutKey;
  if (privateKey && !certificate) errors.pspCertificate = MSG.keyWithoutCertificate;
  if (!certificate || !privateKey) return errors;
  let cert: X509Certificate | null = null;
  try {
    cert = new X509Certificate(certificate);
  } catch {
    errors.pspCertificate = MSG.certificateInvalid;
  }
  let key: ReturnType<typeof createPrivateKey> | null = null;
  try {
    key = createPrivateKey(privateKey);
  } catch {
    errors.pspPrivateKey = MSG.privateKeyInvalid;
  }
  if (cert && key && !cert.checkPrivateKey(key)) errors.pspPrivateKey = MSG.keyMismatch;
  return errors;
}

/**
 * Saves the card. The key is normalised (normalizePixKey) or refused on its field. With the PSP's
 * part: a blank client secret, certificate or key keeps the stored one (when it can still be read);
 * the webhook secret is made at the first save and kept after.
 */
export async function savePixSettings(w: Write, input: PixSettingsInput): Promise<ActionResult<{ psp: boolean }>> {
  const pixKey = normalizePixKey(input.pixKey);
  if (!pixKey) return fail(MSG.saveError, MSG.keyInvalid, { pixKey: MSG.keyInvalid });
  const row = await lockedRow(w);
  const base = { pixKey, merchantName: input.merchantName, merchantCity: input.merchantCity, updatedBy: w.ctx.userId, updatedAt: new Date() };
  let psp: Pick<typeof businessPix.$inferInsert, "pspBaseUrl" | "pspTokenUrl" | "pspClientId" | "pspSecrets"> = {};
  if (input.psp) {
    const stored = row?.pspSecrets ? openSecrets(row.pspSecrets) : null;
    const clientSecret = input.pspClientSecret || stored?.clientSecret;
    const certificate = input.pspCertificate || stored?.certificate || null;
    const privateKey = input.pspPrivateKey || stored?.privateKey || null;
    const errors: FieldErrors = { ...(clientSecret ? {} : { pspClientSecret: MSG.clientSecretRequired }), ...mtlsProblems(certificate, privateKey) };
    const first = Object.values(errors)[0];
    if (first) return fail(MSG.saveError, first, errors);
    const secrets: PspSecrets = { clientSecret: clientSecret!, certificate, privateKey, webhookSecret: stored?.webhookSecret ?? newWebhookSecret() };
    psp = {
      pspBaseUrl: withoutTrailingSlash(input.pspBaseUrl),
      pspTokenUrl: input.pspTokenUrl || null,
      pspClientId: input.pspClientId,
      pspSecrets: sealSecrets(secrets),
    };
  }
  if (row) await w.tx.update(businessPix).set({ ...base, ...psp }).where(eq(businessPix.businessId, w.ctx.businessId));
  else await w.tx.insert(businessPix).values({ businessId: w.ctx.businessId, ...base, ...psp });
  // Where the money goes is audited (never the secrets: only whether they changed).
  const before = row ? { pixKey: row.pixKey, merchantName: row.merchantName, merchantCity: row.merchantCity, pspBaseUrl: row.pspBaseUrl, pspClientId: row.pspClientId } : null;
  const after = { pixKey, merchantName: input.merchantName, merchantCity: input.merchantCity, pspBaseUrl: psp.pspBaseUrl ?? row?.pspBaseUrl ?? null, pspClientId: psp.pspClientId ?? row?.pspClientId ?? null };
  await w.audit({
    action: row ? "UPDATE" : "CREATE", entity: "pix", entityId: null,
    description: `Pix ${row ? "alterado" : "configurado"}: chave ${pixKey}${after.pspBaseUrl ? `, PSP ${after.pspBaseUrl}` : ", QR estático"}${input.pspClientSecret ? ", novo client secret" : ""}`,
    oldValues: before, newValues: after,
  });
  return ok({ psp: input.psp || !!row?.pspBaseUrl });
}

/** 'Remover PSP': back to the static QR, the credentials gone. */
export async function removePixPsp(w: Write): Promise<ActionResult> {
  const row = await lockedRow(w);
  if (!row?.pspBaseUrl) return fail(MSG.removeError, MSG.noPsp);
  await w.tx
    .update(businessPix)
    .set({ pspBaseUrl: null, pspTokenUrl: null, pspClientId: null, pspSecrets: null, updatedBy: w.ctx.userId, updatedAt: new Date() })
    .where(eq(businessPix.businessId, w.ctx.businessId));
  await w.audit({
    action: "UPDATE", entity: "pix", entityId: null, description: `PSP removido do Pix (${row.pspBaseUrl}): volta o QR estático`,
    oldValues: { pspBaseUrl: row.pspBaseUrl, pspClientId: row.pspClientId }, newValues: { pspBaseUrl: null, pspClientId: null },
  });
  return ok();
}

/** 'Gerar novo segredo': the webhook's shared secret replaced (the owner registers it at the PSP again). */
export async function renewPixWebhookSecret(w: Write): Promise<ActionResult> {
  const row = await lockedRow(w);
  if (!row?.pspSecrets) return fail(MSG.renewError, MSG.noPsp);
  const stored = openSecrets(row.pspSecrets);
  if (!stored) return fail(MSG.renewError, MSG.unreadable);
  await w.tx
    .update(businessPix)
    .set({ pspSecrets: sealSecrets({ ...stored, webhookSecret: newWebhookSecret() }), updatedBy: w.ctx.userId, updatedAt: new Date() })
    .where(eq(businessPix.businessId, w.ctx.businessId));
  await w.audit({ action: "UPDATE", entity: "pix", entityId: null, description: "Novo segredo do webhook do Pix gerado" });
  return ok();
}
