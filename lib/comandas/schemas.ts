import { z } from "zod";
import { parseCents } from "@/lib/core/format/money";
import { MAX_ENTRY_CENTS } from "@/lib/cash-register/schemas";
import { parseRateValue } from "@/lib/commissions/rates";
import { COMANDA_MESSAGES as M } from "./messages";
import type { Discount } from "./rules/totals";

const typed = z.union([z.string(), z.number(), z.null()]).optional();

/** An amount typed in reais → centavos (parseCents); empty is `empty` (null: refused as missing). */
export function reais(empty: number | null, missing: string = M.amount) {
  return typed.transform((v, ctx): number => {
    const c = parseCents(v ?? null);
    if (c === null && empty !== null) return empty;
    const message =
      c === null ? missing : c === "invalid" ? "Valor inválido." : c === "too_large" || c > MAX_ENTRY_CENTS ? "Valor muito alto." : null;
    if (message) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return c as number;
  });
}

/** A % typed as "10" or "2,5" → basis points (10 % = 1000), as the commission rates are read; 0 to 100. */
function parsePercent(v: string | number | null | undefined): number | null | "invalid" {
  const text = typeof v === "number" ? String(v) : (v ?? "").trim();
  if (text === "") return null;
  const bp = parseRateValue(text);
  return bp === null || bp < 0 || bp > 10_000 ? "invalid" : bp;
}

const discountKind = z.enum(["none", "amount", "percent"]).default("none");

/** A discount as typed: none, R$ or %; → null or { kind, value } (centavos or basis points). */
function discountOf(kind: "none" | "amount" | "percent", value: string | number | null | undefined, ctx: z.RefinementCtx, path: string): Discount | null {
  if (kind === "none") return null;
  if (kind === "percent") {
    const bp = parsePercent(value);
    if (bp === "invalid") {
      ctx.addIssue({ code: "custom", message: M.percentInvalid, path: [path] });
      return null;
    }
    return bp === null || bp === 0 ? null : ({ kind, rate: bp } satisfies Discount);
  }
  const c = parseCents(value ?? null);
  if (c === "invalid" || c === "too_large" || (typeof c === "number" && c > MAX_ENTRY_CENTS)) {
    ctx.addIssue({ code: "custom", message: "Valor inválido.", path: [path] });
    return null;
  }
  return c === null || c === 0 ? null : ({ kind, cents: c } satisfies Discount);
}

const id = (message: string) => z.uuid(message);
const optionalId = (message: string) => z.union([z.uuid(message), z.literal(""), z.null()]).optional().transform((v) => v || null);

const lineSchema = z
  .object({
    kind: z.enum(["service", "product"], M.saveError),
    serviceId: optionalId(M.serviceNotHere),
    productId: optionalId(M.productNotHere),
    name: z.string({ error: M.lineNameRequired }).trim().min(1, M.lineNameRequired).max(120, "Máximo de 120 caracteres"),
    professionalId: optionalId(M.professionalNotHere),
    quantity: typed.transform((v, ctx) => {
      const n = Number(typeof v === "string" ? v.trim() : v);
      if (!Number.isInteger(n) || n < 1 || n > 999) {
        ctx.addIssue({ code: "custom", message: M.quantityInvalid });
        return z.NEVER;
      }
      return n;
    }),
    unitPrice: reais(null, "Informe o preço."),
    discountKind,
    discountValue: typed,
  })
  .transform(({ discountKind: dk, discountValue, ...line }, ctx) => {
    if (line.kind === "product" && !line.productId) ctx.addIssue({ code: "custom", message: M.productNotHere, path: ["productId"] });
    if (line.kind === "product") line.serviceId = null;
    if (line.kind === "service") line.productId = null;
    return { ...line, discount: discountOf(dk, discountValue, ctx, "discountValue") };
  });

const tipSchema = z.object({
  professionalId: id(M.tipNeedsProfessional),
  amount: reais(null),
});

/** 'Salvar comanda': its lines, discount on the whole and tips, on the version the screen showed. */
export const saveComandaSchema = z
  .object({
    id: id(M.notFound),
    version: z.number().int().positive(),
    lines: z.array(lineSchema).max(50, M.tooManyLines),
    discountKind,
    discountValue: typed,
    tips: z.array(tipSchema).max(20).default([]),
  })
  .transform(({ discountKind: dk, discountValue, tips, ...rest }, ctx) => {
    const merged = new Map<string, number>();
    for (const t of tips) if (t.amount > 0) merged.set(t.professionalId, (merged.get(t.professionalId) ?? 0) + t.amount);
    return {
      ...rest,
      discount: discountOf(dk, discountValue, ctx, "discountValue"),
      tips: [...merged].map(([professionalId, cents]) => ({ professionalId, cents })),
    };
  });
export type SaveComandaInput = z.input<typeof saveComandaSchema>;
export type SaveComanda = z.output<typeof saveComandaSchema>;

export const PAYMENT_INPUT_METHODS = ["cash", "pix", "debit", "credit", "client_credit", "debt"] as const;

const paymentSchema = z
  .object({
    method: z.enum(PAYMENT_INPUT_METHODS, M.closeError),
    amount: reais(null),
    cardBrand: z.string().trim().max(40).optional().nullable(),
    instalments: typed,
  })
  .transform((p, ctx) => {
    if (p.amount === 0) ctx.addIssue({ code: "custom", message: "O valor deve ser maior que zero.", path: ["amount"] });
    const card = p.method === "debit" || p.method === "credit";
    let instalments: number | null = null;
    if (p.method === "credit") {
      const n = p.instalments == null || p.instalments === "" ? 1 : Number(p.instalments);
      if (!Number.isInteger(n) || n < 1 || n > 24) ctx.addIssue({ code: "custom", message: "Parcelas: de 1 a 24.", path: ["instalments"] });
      instalments = n;
    }
    return { method: p.method, cents: p.amount, cardBrand: card ? p.cardBrand || null : null, instalments };
  });

/**
 * 'Fechar comanda': the payments, on the version the screen showed; `changeTipTo`: the professional
 * who keeps the cash change as a tip (none: the change is given back).
 */
export const closeComandaSchema = z.object({
  id: id(M.notFound),
  version: z.number().int().positive(),
  // None typed is fine when the Pix received by QR (paid charges) cover the total: the close adds them.
  payments: z.array(paymentSchema).max(10, M.tooManyPayments),
  changeTipTo: optionalId(M.changeTipProfessional),
});
export type CloseComandaInput = z.input<typeof closeComandaSchema>;
export type CloseComanda = z.output<typeof closeComandaSchema>;

const reason = z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(200, M.reasonTooLong);

export const reverseComandaSchema = z.object({ id: id(M.notFound), reason });
export const comandaIdSchema = z.object({ id: id(M.notFound) });
export const openForAppointmentSchema = z.object({ appointmentId: id(M.appointmentNotHere) });
export const newSaleSchema = z.object({ clientId: optionalId(M.clientNotHere) });

/** 'Receber pagamento' on a client's page: a debt paid, or credit left, into the open register. */
export const receiveSchema = z.object({
  clientId: id(M.clientNotHere),
  method: z.enum(["cash", "pix", "debit", "credit"], M.receiveError),
  amount: reais(null).refine((c) => c > 0, "O valor deve ser maior que zero."),
});
