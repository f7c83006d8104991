import { z } from "zod";
import { singleLine } from "@/lib/core/validation/single-line";
import { PIX_SETTINGS_MESSAGES as MSG } from "./settings-messages";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

/**
 * A PSP's address as the card accepts it: https, or http to localhost / 127.0.0.1 (the stand-in PSP
 * of the tests). Without credentials in it, a query or a fragment: the charges' paths are added to it.
 */
export function pspUrlOk(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === "https:" || (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname));
}

/** The address without its trailing slashes ('https://pix.banco.com/v2/' → '…/v2'). */
export const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Where a PSP's OAuth2 token is asked for when the card's 'URL do token' is blank: most PSPs serve it
 * at the API's origin (https://host/oauth/token), beside /v2. Null for an address that isn't one.
 */
export function defaultTokenUrl(baseUrl: string): string | null {
  try {
    return new URL("/oauth/token", baseUrl).toString();
  } catch {
    return null;
  }
}

const pem = (max: number) => z.string().trim().max(max, MSG.tooLong);

/**
 * The 'Pix' card. `psp`: the PSP's part is being saved (the section is open); false leaves a stored
 * PSP as it is ('Remover PSP' is its own action). A blank secret, certificate or key keeps the
 * stored one; the Pix key is checked and normalised on the server (normalizePixKey).
 */
export const pixSettingsSchema = z
  .object({
    pixKey: z.string().trim().min(1, MSG.keyRequired).max(100, MSG.keyInvalid),
    merchantName: singleLine(z.string().trim().min(1, MSG.nameRequired).max(25, MSG.nameTooLong)),
    merchantCity: singleLine(z.string().trim().min(1, MSG.cityRequired).max(15, MSG.cityTooLong)),
    psp: z.boolean(),
    pspBaseUrl: z.string().trim().max(300, MSG.tooLong),
    pspTokenUrl: z.string().trim().max(300, MSG.tooLong),
    pspClientId: singleLine(z.string().trim().max(300, MSG.tooLong)),
    pspClientSecret: singleLine(z.string().trim().max(1000, MSG.tooLong)),
    pspCertificate: pem(20_000),
    pspPrivateKey: pem(20_000),
  })
  .superRefine((v, ctx) => {
    if (!v.psp) return;
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (!v.pspBaseUrl) issue("pspBaseUrl", MSG.urlRequired);
    else if (!pspUrlOk(v.pspBaseUrl)) issue("pspBaseUrl", MSG.urlInvalid);
    if (v.pspTokenUrl && !pspUrlOk(v.pspTokenUrl)) issue("pspTokenUrl", MSG.urlInvalid);
    if (!v.pspClientId) issue("pspClientId", MSG.clientIdRequired);
    if (v.pspCertificate && !/^-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----$/.test(v.pspCertificate)) issue("pspCertificate", MSG.certificateInvalid);
    if (v.pspPrivateKey && !/^-----BEGIN (RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (RSA |EC )?PRIVATE KEY-----$/.test(v.pspPrivateKey)) issue("pspPrivateKey", MSG.privateKeyInvalid);
  });
export type PixSettingsFields = z.input<typeof pixSettingsSchema>;
export type PixSettingsInput = z.output<typeof pixSettingsSchema>;

/** 'Remover PSP' and 'Gerar novo segredo': the business alone. */
export const pixPspSchema = z.object({});
