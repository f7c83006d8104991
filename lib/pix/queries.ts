import "server-only";
import { sql } from "drizzle-orm";
import QRCode from "qrcode";
import { db, type Conn } from "@/db";
import type { PixChargeMode, PixChargeStatus } from "@/db/schema";
import { executePrepared } from "@/lib/core/db/prepared";
import type { Psp } from "./psp";
import { openSecrets } from "./secrets";

export type PixConfig = {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** null: static QR only (no PSP, or its secrets can't be opened under this AUTH_SECRET). */
  psp: Psp | null;
};

/** The business's Pix as charges use it, with the PSP's credentials opened; null when not set up. */
export async function pixConfig(businessId: string, conn: Conn = db): Promise<PixConfig | null> {
  const [r] = await executePrepared<{
    pix_key: string; merchant_name: string; merchant_city: string; psp_base_url: string | null; psp_token_url: string | null; psp_client_id: string | null; psp_secrets: string | null;
  }>(conn, sql`
    select pix_key, merchant_name, merchant_city, psp_base_url, psp_token_url, psp_client_id, psp_secrets
      from business_pix where business_id = ${businessId}`);
  if (!r) return null;
  const secrets = r.psp_secrets ? openSecrets(r.psp_secrets) : null;
  return {
    pixKey: r.pix_key,
    merchantName: r.merchant_name,
    merchantCity: r.merchant_city,
    psp: r.psp_base_url && r.psp_client_id && secrets ? { baseUrl: r.psp_base_url, tokenUrl: r.psp_token_url, clientId: r.psp_client_id, secrets } : null,
  };
}

/** How this business charges by Pix: null when it doesn't yet (the comanda hides 'Cobrar com Pix'). */
export async function pixMode(businessId: string, conn: Conn = db): Promise<PixChargeMode | null> {
  const [r] = await executePrepared<{ psp: boolean }>(conn, sql`select psp_base_url is not null as psp from business_pix where business_id = ${businessId}`);
  return r ? (r.psp ? "psp" : "static") : null;
}

export type PixChargeRow = {
  id: string;
  mode: PixChargeMode;
  amountCents: number;
  status: PixChargeStatus;
  brcode: string;
  /** The QR of a charge still awaiting payment (SVG markup made on the server), else null. */
  qrSvg: string | null;
  expiresAt: string;
  paidAt: string | null;
  confirmedByName: string | null;
};

/** A comanda's Pix charges, oldest first, each active one with its QR. */
export async function chargesOfComanda(businessId: string, comandaId: string, conn: Conn = db): Promise<PixChargeRow[]> {
  const rows = await executePrepared<{
    id: string; mode: PixChargeMode; amount_cents: number; status: PixChargeStatus; brcode: string; expires_at: string; paid_at: string | null; confirmed_by_name: string | null;
  }>(conn, sql`
    select p.id, p.mode, p.amount_cents, p.status, p.brcode, to_json(p.expires_at)#>>'{}' as expires_at, to_json(p.paid_at)#>>'{}' as paid_at, coalesce(u.full_name, u.email) as confirmed_by_name
      from pix_charges p left join users u on u.id = p.confirmed_by
     where p.business_id = ${businessId} and p.comanda_id = ${comandaId}
     order by p.created_at, p.id`);
  return Promise.all(rows.map(async (r) => ({
    id: r.id, mode: r.mode, amountCents: r.amount_cents, status: r.status, brcode: r.brcode,
    qrSvg: r.status === "active" ? await qrSvg(r.brcode) : null,
    expiresAt: r.expires_at, paidAt: r.paid_at, confirmedByName: r.confirmed_by_name,
  })));
}

const drawn = new Map<string, Promise<string>>();

/** A BR Code's QR as SVG, kept by code (a bounded map: the same charge is shown on every refresh). */
function qrSvg(code: string): Promise<string> {
  let svg = drawn.get(code);
  if (!svg) {
    svg = QRCode.toString(code, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
    drawn.set(code, svg);
    svg.catch(() => drawn.delete(code));
    if (drawn.size > 200) drawn.delete(drawn.keys().next().value!);
  }
  return svg;
}
