import "server-only";
import { z } from "zod";
import { defineRead } from "@/lib/pipeline";
import { COMANDA_MESSAGES as M } from "./messages";
import { clientAccount, comandaScreen, comandasList } from "./queries";

/** 'Comandas': the open ones and the last closed. */
export const comandasRead = defineRead({
  name: "comandas",
  level: "staff",
  live: { tables: ["comandas"] },
  schema: z.object({}),
  error: M.loadError,
  run: ({ ctx, conn }) => comandasList(ctx.businessId, conn),
});

/** One comanda with what its screen offers to add, and whether a register is open. */
export const comandaRead = defineRead({
  name: "comanda",
  level: "staff",
  live: { tables: ["comandas", "cash_registers", "products", "product_stock_movements", "client_balance_movements", "pix_charges"] },
  schema: z.object({ id: z.uuid() }),
  error: M.loadError,
  run: ({ ctx, conn, input }) => comandaScreen(ctx.businessId, input.id, conn),
});

/** A client's balance and comandas (their page). */
export const clientAccountRead = defineRead({
  name: "clientAccount",
  level: "staff",
  live: { tables: ["comandas", "client_balance_movements"] },
  schema: z.object({ clientId: z.uuid() }),
  error: M.loadError,
  run: ({ ctx, conn, input }) => clientAccount(ctx.businessId, input.clientId, conn),
});
