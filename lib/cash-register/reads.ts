import "server-only";
import { z } from "zod";
import { isOwnerLevel } from "@/lib/auth/roles";
import { defineRead } from "@/lib/pipeline";
import { CASH_MESSAGES as M } from "./messages";
import { cashRegisterData } from "./queries";

/** 'Caixa': the register open now with its ledger, and (for an owner) the last closes. */
export const cashRegisterRead = defineRead({
  name: "cashRegister",
  level: "staff",
  live: { tables: ["cash_registers", "cash_movements"] },
  schema: z.object({}),
  error: M.loadError,
  run: ({ ctx, conn }) => cashRegisterData(ctx.businessId, isOwnerLevel(ctx.business.role), conn),
});
