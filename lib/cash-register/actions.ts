"use server";

import { defineAction } from "@/lib/pipeline";
import { CASH_MESSAGES as M } from "./messages";
import { addCashMovement, closeCashRegister, openCashRegister } from "./mutations";
import { closeRegisterSchema, movementSchema, openRegisterSchema } from "./schemas";

const PATHS = ["/cash-register"] as const;
const base = {
  error: M.saveError,
  noBusiness: { error: M.saveError },
  revalidate: PATHS,
} as const;

/** 'Abrir caixa': the owner's (issue 53: owners open and close registers). */
export const openCashRegisterAction = defineAction({
  name: "cashRegister.open",
  level: "owner",
  schema: openRegisterSchema,
  ...base,
  conflicts: { cash_registers_one_open_key: { description: M.alreadyOpen } },
  run: ({ input, ...w }) => openCashRegister(w, input.float),
});

/** 'Sangria' and 'Suprimento': any member at the desk. */
export const addCashMovementAction = defineAction({
  name: "cashRegister.movement",
  level: "staff",
  schema: movementSchema,
  ...base,
  run: ({ input, ...w }) => addCashMovement(w, input),
});

/** 'Fechar caixa': the owner's. */
export const closeCashRegisterAction = defineAction({
  name: "cashRegister.close",
  level: "owner",
  schema: closeRegisterSchema,
  ...base,
  run: ({ input, ...w }) => closeCashRegister(w, input),
});
