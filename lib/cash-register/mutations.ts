import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { cashMovements, cashRegisterCounts, cashRegisters } from "@/db/schema";
import type { Write } from "@/lib/pipeline";
import { fail, ok, type ActionResult } from "@/lib/core/actions/result";
import { formatCents as brl } from "@/lib/core/format/money";
import { CASH_METHOD_LABELS, CASH_MESSAGES as M } from "./messages";
import { CASH_METHODS, expectedTotals } from "./queries";
import type { closeRegisterSchema, movementSchema } from "./schemas";

/**
 * 'Abrir caixa': the register and its float as the ledger's first cash row. A second open at the
 * same moment meets the one-open-register index (the action says 'Já existe um caixa aberto.').
 */
export async function openCashRegister({ ctx, tx, audit }: Write, floatCents: number): Promise<ActionResult<{ id: string }>> {
  const [reg] = await tx.insert(cashRegisters).values({ businessId: ctx.businessId, openedBy: ctx.userId, floatCents }).returning();
  if (floatCents > 0) {
    await tx.insert(cashMovements).values({ businessId: ctx.businessId, registerId: reg.id, kind: "float", method: "cash", cents: floatCents, userId: ctx.userId });
  }
  await audit({
    action: "CREATE", entity: "cash_register", entityId: reg.id,
    description: `Caixa aberto com fundo de troco de ${brl(floatCents)}`,
    newValues: { floatCents },
  });
  return ok({ id: reg.id });
}

/**
 * The register `id` of this business, locked, while it is open; null when it isn't (closed
 * meanwhile, or not this business's). The lock orders the moves of one register: a sangria checks
 * the cash the rows before it left.
 */
async function lockOpen({ ctx, tx }: Write, id: string) {
  const [reg] = await tx
    .select()
    .from(cashRegisters)
    .where(and(eq(cashRegisters.id, id), eq(cashRegisters.businessId, ctx.businessId), isNull(cashRegisters.closedAt)))
    .for("update");
  return reg ?? null;
}

/** 'Sangria' (cash out) or 'Suprimento' (cash in), with a reason; a sangria never takes more cash than there is. */
export async function addCashMovement(w: Write, input: z.output<typeof movementSchema>): Promise<ActionResult> {
  const reg = await lockOpen(w, input.registerId);
  if (!reg) return fail(M.saveError, M.notOpen);
  const cents = input.kind === "withdrawal" ? -input.amount : input.amount;
  if (cents < 0) {
    const { cash } = await expectedTotals(reg.id, w.tx);
    if (cash + cents < 0) return fail(M.saveError, M.noCash(brl(cash)), { amount: M.noCash(brl(cash)) });
  }
  const [row] = await w.tx
    .insert(cashMovements)
    .values({ businessId: w.ctx.businessId, registerId: reg.id, kind: input.kind, method: "cash", cents, reason: input.reason, userId: w.ctx.userId })
    .returning();
  const label = input.kind === "withdrawal" ? M.withdrawal : M.deposit;
  await w.audit({
    action: "UPDATE", entity: "cash_register", entityId: reg.id,
    description: `${label} de ${brl(input.amount)} no caixa: ${input.reason}`,
    newValues: { movement: row.id, kind: input.kind, cents, reason: input.reason },
  });
  return ok();
}

/**
 * 'Fechar caixa': what was counted per method beside what the ledger expected, written once; the
 * register is final after it. A second close (another device) finds it closed and is told.
 */
export async function closeCashRegister(w: Write, input: z.output<typeof closeRegisterSchema>): Promise<ActionResult> {
  const reg = await lockOpen(w, input.registerId);
  if (!reg) return fail(M.saveError, M.alreadyClosed);
  const expected = await expectedTotals(reg.id, w.tx);
  const counts = CASH_METHODS.map((method) => ({
    businessId: w.ctx.businessId, registerId: reg.id, method, expectedCents: expected[method], countedCents: input.counted[method],
  }));
  await w.tx.insert(cashRegisterCounts).values(counts);
  await w.tx.update(cashRegisters).set({ closedAt: new Date(), closedBy: w.ctx.userId }).where(eq(cashRegisters.id, reg.id));
  const differences = counts
    .filter((c) => c.countedCents !== c.expectedCents)
    .map((c) => `${CASH_METHOD_LABELS[c.method]} ${brl(c.countedCents - c.expectedCents)}`);
  await w.audit({
    action: "UPDATE", entity: "cash_register", entityId: reg.id,
    description: `Caixa fechado${differences.length ? ` com diferença: ${differences.join(", ")}` : ", sem diferença"}`,
    oldValues: { expected }, newValues: { counted: input.counted },
  });
  return ok();
}
