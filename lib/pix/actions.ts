"use server";

import { defineAction } from "@/lib/pipeline";
import { PIX_MESSAGES as M } from "./messages";
import { cancelCharge, checkCharge, confirmStaticCharge, createChargeForComanda } from "./mutations";
import { createPixChargeSchema, pixChargeIdSchema } from "./schemas";

const PATHS = ["/comandas"] as const;
const base = (error: string) => ({ error, noBusiness: { error }, revalidate: PATHS }) as const;

/** 'Cobrar com Pix' on an open comanda: whoever takes its payments (staff). */
export const createPixChargeAction = defineAction({
  name: "pix.createCharge",
  level: "staff",
  schema: createPixChargeSchema,
  ...base(M.createError),
  run: ({ input, ...w }) => createChargeForComanda(w, input),
});

/** 'Confirmar recebimento' of a static QR (audited: it is the staff's word). */
export const confirmPixChargeAction = defineAction({
  name: "pix.confirmCharge",
  level: "staff",
  schema: pixChargeIdSchema,
  ...base(M.confirmError),
  run: ({ input, ...w }) => confirmStaticCharge(w, input.chargeId),
});

export const cancelPixChargeAction = defineAction({
  name: "pix.cancelCharge",
  level: "staff",
  schema: pixChargeIdSchema,
  ...base(M.cancelError),
  run: ({ input, ...w }) => cancelCharge(w, input.chargeId),
});

/** 'Verificar pagamento': the PSP asked now. */
export const checkPixChargeAction = defineAction({
  name: "pix.checkCharge",
  level: "staff",
  schema: pixChargeIdSchema,
  ...base(M.checkError),
  run: ({ input, ...w }) => checkCharge(w, input.chargeId),
});
