import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import type { ComandaPaymentMethod, ComandaStatus, DiscountKind } from "@/db/schema";
import { executePrepared } from "@/lib/core/db/prepared";
import { chargesOfComanda, pixMode } from "@/lib/pix/queries";
import { billFigures, type Bill, type BillFigures, type Discount } from "./rules/totals";

export type ComandaLineRow = {
  id: string;
  kind: "service" | "product";
  serviceId: string | null;
  productId: string | null;
  name: string;
  professionalId: string | null;
  quantity: number;
  unitCents: number;
  discount: Discount | null;
};

export type ComandaPaymentRow = {
  id: string;
  method: ComandaPaymentMethod;
  cents: number;
  reversal: boolean;
  cardBrand: string | null;
  instalments: number | null;
};

export type ComandaHead = {
  id: string;
  status: ComandaStatus;
  version: number;
  clientId: string | null;
  clientName: string | null;
  appointmentId: string | null;
  appointmentDate: string | null;
  appointmentTime: string | null;
  discount: Discount | null;
  totalCents: number | null;
  openedAt: string;
  closedAt: string | null;
  closedBy: string | null;
  reversedAt: string | null;
  reversedBy: string | null;
  reversalReason: string | null;
};

export type Comanda = ComandaHead & {
  lines: ComandaLineRow[];
  tips: { professionalId: string; cents: number }[];
  payments: ComandaPaymentRow[];
  figures: BillFigures;
  /** The names of its lines' and tips' professionals, an inactive one's too. */
  professionalNames: Record<string, string>;
};

/** A stored discount (kind, value) as the rules read it. */
export function discountFrom(kind: DiscountKind | null, value: number | null): Discount | null {
  if (!kind || value === null) return null;
  return kind === "amount" ? { kind, cents: value } : { kind, rate: value };
}

/** The rules' bill of a comanda's rows. */
export function billOf(lines: readonly ComandaLineRow[], discount: Discount | null, tips: readonly { professionalId: string; cents: number }[]): Bill {
  return {
    lines: lines.map((l) => ({
      kind: l.kind, itemId: (l.kind === "service" ? l.serviceId : l.productId) ?? l.id, professionalId: l.professionalId,
      quantity: l.quantity, unitCents: l.unitCents, discount: l.discount,
    })),
    discount,
    tips,
  };
}

const who = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.full_name), ''), ${alias}.email)`);

/** One comanda of the business with its lines, tips and payments; null when it isn't the business's. */
export async function comandaById(businessId: string, id: string, conn: Conn = db): Promise<Comanda | null> {
  const [heads, lines, tips, payments, names] = await Promise.all([
    executePrepared<Record<string, unknown>>(conn, sql`
      select k.id, k.status, k.version, k.client_id, c.name as client_name, k.appointment_id, a.date::text as appointment_date,
             to_char(a.time, 'HH24:MI') as appointment_time, k.discount_kind, k.discount_value, k.total_cents,
             k.opened_at, k.closed_at, ${who("cu")} as closed_by, k.reversed_at, ${who("ru")} as reversed_by, k.reversal_reason
        from comandas k
        left join clients c on c.id = k.client_id
        left join appointments a on a.id = k.appointment_id
        left join users cu on cu.id = k.closed_by
        left join users ru on ru.id = k.reversed_by
       where k.id = ${id} and k.business_id = ${businessId}`),
    executePrepared<Record<string, unknown>>(conn, sql`
      select id, kind, service_id, product_id, name, professional_id, quantity, unit_cents, discount_kind, discount_value
        from comanda_lines where comanda_id = ${id} and business_id = ${businessId} order by position, id`),
    executePrepared<{ professional_id: string; cents: number }>(conn, sql`
      select professional_id, cents from comanda_tips where comanda_id = ${id} and business_id = ${businessId} order by professional_id`),
    executePrepared<Record<string, unknown>>(conn, sql`
      select id, method, cents, reversal, card_brand, instalments
        from comanda_payments where comanda_id = ${id} and business_id = ${businessId}
       order by reversal, array_position(array['cash', 'pix', 'debit', 'credit', 'client_credit', 'debt'], method), id`),
    executePrepared<{ id: string; name: string }>(conn, sql`
      select p.id, p.name from professionals p
       where p.business_id = ${businessId}
         and p.id in (select professional_id from comanda_lines where comanda_id = ${id} union select professional_id from comanda_tips where comanda_id = ${id})`),
  ]);
  const h = heads[0];
  if (!h) return null;
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  const head: ComandaHead = {
    id: h.id as string,
    status: h.status as ComandaStatus,
    version: Number(h.version),
    clientId: (h.client_id as string) ?? null,
    clientName: (h.client_name as string) ?? null,
    appointmentId: (h.appointment_id as string) ?? null,
    appointmentDate: (h.appointment_date as string) ?? null,
    appointmentTime: (h.appointment_time as string) ?? null,
    discount: discountFrom(h.discount_kind as DiscountKind | null, h.discount_value as number | null),
    totalCents: h.total_cents === null ? null : Number(h.total_cents),
    openedAt: iso(h.opened_at)!,
    closedAt: iso(h.closed_at),
    closedBy: (h.closed_by as string) ?? null,
    reversedAt: iso(h.reversed_at),
    reversedBy: (h.reversed_by as string) ?? null,
    reversalReason: (h.reversal_reason as string) ?? null,
  };
  const lineRows: ComandaLineRow[] = lines.map((l) => ({
    id: l.id as string,
    kind: l.kind as "service" | "product",
    serviceId: (l.service_id as string) ?? null,
    productId: (l.product_id as string) ?? null,
    name: l.name as string,
    professionalId: (l.professional_id as string) ?? null,
    quantity: Number(l.quantity),
    unitCents: Number(l.unit_cents),
    discount: discountFrom(l.discount_kind as DiscountKind | null, l.discount_value as number | null),
  }));
  const tipRows = tips.map((t) => ({ professionalId: t.professional_id, cents: Number(t.cents) }));
  return {
    ...head,
    lines: lineRows,
    tips: tipRows,
    payments: payments.map((p) => ({
      id: p.id as string, method: p.method as ComandaPaymentMethod, cents: Number(p.cents), reversal: Number(p.reversal) === 1,
      cardBrand: (p.card_brand as string) ?? null, instalments: p.instalments === null ? null : Number(p.instalments),
    })),
    figures: billFigures(billOf(lineRows, head.discount, tipRows)),
    professionalNames: Object.fromEntries(names.map((n) => [n.id, n.name])),
  };
}

export type ComandaListRow = {
  id: string;
  status: ComandaStatus;
  clientName: string | null;
  appointmentDate: string | null;
  appointmentTime: string | null;
  openedAt: string;
  closedAt: string | null;
  totalCents: number | null;
  lines: number;
};

function listRow(r: Record<string, unknown>): ComandaListRow {
  return {
    id: r.id as string,
    status: r.status as ComandaStatus,
    clientName: (r.client_name as string) ?? null,
    appointmentDate: (r.appointment_date as string) ?? null,
    appointmentTime: (r.appointment_time as string) ?? null,
    openedAt: new Date(r.opened_at as string).toISOString(),
    closedAt: r.closed_at ? new Date(r.closed_at as string).toISOString() : null,
    totalCents: r.total_cents === null ? null : Number(r.total_cents),
    lines: Number(r.lines),
  };
}

const LIST_COLUMNS = sql`
  k.id, k.status, c.name as client_name, a.date::text as appointment_date, to_char(a.time, 'HH24:MI') as appointment_time,
  k.opened_at, k.closed_at, k.total_cents, (select count(*) from comanda_lines l where l.comanda_id = k.id)::int as lines`;

/** 'Comandas': the open ones (oldest first) and the last closed or reversed (newest first). */
export async function comandasList(businessId: string, conn: Conn = db) {
  const [open, recent] = await Promise.all([
    conn.execute<Record<string, unknown>>(sql`
      select ${LIST_COLUMNS} from comandas k left join clients c on c.id = k.client_id left join appointments a on a.id = k.appointment_id
       where k.business_id = ${businessId} and k.status = 'open' order by k.opened_at, k.id limit 200`),
    conn.execute<Record<string, unknown>>(sql`
      select ${LIST_COLUMNS} from comandas k left join clients c on c.id = k.client_id left join appointments a on a.id = k.appointment_id
       where k.business_id = ${businessId} and k.status <> 'open' order by k.closed_at desc, k.id limit 30`),
  ]);
  return { open: open.map(listRow), recent: recent.map(listRow) };
}
export type ComandasList = Awaited<ReturnType<typeof comandasList>>;

/** A client's balance with the salon (below zero: they owe), from the ledger. */
export async function clientBalance(businessId: string, clientId: string, conn: Conn = db): Promise<number> {
  const [r] = await executePrepared<{ balance: string }>(conn, sql`
    select coalesce(sum(cents), 0)::text as balance from client_balance_movements where client_id = ${clientId} and business_id = ${businessId}`);
  return Number(r.balance);
}

/** The client page's part: their balance and their comandas, newest first. */
export async function clientAccount(businessId: string, clientId: string, conn: Conn = db) {
  const [balance, comandas] = await Promise.all([
    clientBalance(businessId, clientId, conn),
    conn.execute<Record<string, unknown>>(sql`
      select ${LIST_COLUMNS} from comandas k left join clients c on c.id = k.client_id left join appointments a on a.id = k.appointment_id
       where k.business_id = ${businessId} and k.client_id = ${clientId} order by k.opened_at desc, k.id limit 50`),
  ]);
  return { balance, comandas: comandas.map(listRow) };
}
export type ClientAccount = Awaited<ReturnType<typeof clientAccount>>;

/** What a comanda's screen offers to add: the professionals, their services and prices, the products on sale. */
export async function comandaOptions(businessId: string, conn: Conn = db) {
  const [professionals, services, products] = await Promise.all([
    conn.execute<{ id: string; name: string }>(sql`
      select id, name from professionals where business_id = ${businessId} and active order by name, id`),
    conn.execute<{ service_id: string; name: string; professional_id: string; price_cents: number | null }>(sql`
      select s.id as service_id, s.name, ps.professional_id, round(ps.price * 100)::int as price_cents
        from services s join professional_services ps on ps.service_id = s.id
       where s.business_id = ${businessId} order by s.name, s.id`),
    conn.execute<{ id: string; name: string; price_cents: number; stock: number }>(sql`
      select p.id, p.name, p.price_cents, coalesce((select sum(quantity) from product_stock_movements m where m.product_id = p.id), 0)::int as stock
        from products p where p.business_id = ${businessId} and p.active order by p.name, p.id`),
  ]);
  const byService = new Map<string, { id: string; name: string; prices: Record<string, number | null> }>();
  for (const s of services) {
    const entry = byService.get(s.service_id) ?? { id: s.service_id, name: s.name, prices: {} };
    entry.prices[s.professional_id] = s.price_cents === null ? null : Number(s.price_cents);
    byService.set(s.service_id, entry);
  }
  return {
    professionals: professionals.map((p) => ({ id: p.id, name: p.name })),
    services: [...byService.values()],
    products: products.map((p) => ({ id: p.id, name: p.name, priceCents: Number(p.price_cents), stock: Number(p.stock) })),
  };
}
export type ComandaOptions = Awaited<ReturnType<typeof comandaOptions>>;

/**
 * The comanda's screen: the comanda (null: not the business's), what it offers to add, whether a
 * register is open (a payment needs one) and the client's balance (their credit, or debt).
 */
export async function comandaScreen(businessId: string, id: string, conn: Conn = db) {
  const [comanda, options, register, pix, pixCharges] = await Promise.all([
    comandaById(businessId, id, conn),
    comandaOptions(businessId, conn),
    executePrepared<{ open: boolean }>(conn, sql`
      select exists (select 1 from cash_registers where business_id = ${businessId} and closed_at is null) as open`),
    pixMode(businessId, conn),
    chargesOfComanda(businessId, id, conn),
  ]);
  const balance = comanda?.clientId ? await clientBalance(businessId, comanda.clientId, conn) : null;
  return { comanda, options, registerOpen: Boolean(register[0]?.open), clientBalance: balance, pix: { mode: pix }, pixCharges };
}
export type ComandaScreen = Awaited<ReturnType<typeof comandaScreen>>;
