import "server-only";
import { and, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { cashMovements, cashRegisterCounts, cashRegisters, users, type CashMethod, type CashMovementKind } from "@/db/schema";

export const CASH_METHODS: readonly CashMethod[] = ["cash", "pix", "debit", "credit"];

export type MethodTotals = Record<CashMethod, number>;

export type CashMovementRow = {
  id: string;
  kind: CashMovementKind;
  method: CashMethod;
  cents: number;
  reason: string | null;
  by: string | null;
  at: string;
};

export type OpenRegister = {
  id: string;
  openedAt: string;
  openedBy: string | null;
  floatCents: number;
  /** What the ledger holds per method now: what the close expects to count. */
  expected: MethodTotals;
  movements: CashMovementRow[];
};

export type ClosedRegister = {
  id: string;
  openedAt: string;
  closedAt: string;
  closedBy: string | null;
  counts: { method: CashMethod; expected: number; counted: number }[];
};

const who = sql<string | null>`coalesce(nullif(trim(${users.fullName}), ''), ${users.email})`;

/** The ledger's sum per method: the float, sangrias and suprimentos, payments and reversals. */
export async function expectedTotals(registerId: string, conn: Conn = db): Promise<MethodTotals> {
  const rows = await conn
    .select({ method: cashMovements.method, cents: sql<number>`sum(${cashMovements.cents})::int` })
    .from(cashMovements)
    .where(eq(cashMovements.registerId, registerId))
    .groupBy(cashMovements.method);
  const totals: MethodTotals = { cash: 0, pix: 0, debit: 0, credit: 0 };
  for (const r of rows) totals[r.method] = Number(r.cents);
  return totals;
}

/** The business's open register with its ledger, or null when none is open. */
export async function openRegister(businessId: string, conn: Conn = db): Promise<OpenRegister | null> {
  const [reg] = await conn
    .select({ id: cashRegisters.id, openedAt: cashRegisters.openedAt, floatCents: cashRegisters.floatCents, openedBy: who })
    .from(cashRegisters)
    .leftJoin(users, eq(users.id, cashRegisters.openedBy))
    .where(and(eq(cashRegisters.businessId, businessId), isNull(cashRegisters.closedAt)));
  if (!reg) return null;
  const [expected, movements] = await Promise.all([
    expectedTotals(reg.id, conn),
    conn
      .select({
        id: cashMovements.id, kind: cashMovements.kind, method: cashMovements.method, cents: cashMovements.cents,
        reason: cashMovements.reason, by: who, at: cashMovements.createdAt,
      })
      .from(cashMovements)
      .leftJoin(users, eq(users.id, cashMovements.userId))
      .where(and(eq(cashMovements.businessId, businessId), eq(cashMovements.registerId, reg.id)))
      .orderBy(desc(cashMovements.createdAt), desc(cashMovements.id)),
  ]);
  return {
    ...reg,
    openedAt: reg.openedAt.toISOString(),
    expected,
    movements: movements.map((m) => ({ ...m, at: m.at.toISOString() })),
  };
}

/** The last `limit` closed registers, newest first, with what each close counted. */
export async function closedRegisters(businessId: string, limit = 30, conn: Conn = db): Promise<ClosedRegister[]> {
  const regs = await conn
    .select({ id: cashRegisters.id, openedAt: cashRegisters.openedAt, closedAt: cashRegisters.closedAt, closedBy: who })
    .from(cashRegisters)
    .leftJoin(users, eq(users.id, cashRegisters.closedBy))
    .where(and(eq(cashRegisters.businessId, businessId), isNotNull(cashRegisters.closedAt)))
    .orderBy(desc(cashRegisters.closedAt))
    .limit(limit);
  if (regs.length === 0) return [];
  const counts = await conn
    .select()
    .from(cashRegisterCounts)
    .where(and(eq(cashRegisterCounts.businessId, businessId), inArray(cashRegisterCounts.registerId, regs.map((r) => r.id))));
  return regs.map((r) => ({
    id: r.id,
    openedAt: r.openedAt.toISOString(),
    closedAt: r.closedAt!.toISOString(),
    closedBy: r.closedBy,
    counts: CASH_METHODS.map((method) => {
      const c = counts.find((x) => x.registerId === r.id && x.method === method);
      return { method, expected: c?.expectedCents ?? 0, counted: c?.countedCents ?? 0 };
    }),
  }));
}

/** The 'Caixa' screen's data: the open register, and for an owner the last closes. */
export async function cashRegisterData(businessId: string, owner: boolean, conn: Conn = db) {
  const [open, closed] = await Promise.all([openRegister(businessId, conn), owner ? closedRegisters(businessId, 30, conn) : []]);
  return { open, closed };
}
export type CashRegisterData = Awaited<ReturnType<typeof cashRegisterData>>;
