import "server-only";
import { sql } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { clientSearchPage } from "./search-page";
import { CLIENTS_PAGE_SIZE } from "./schemas";

export type ClientRow = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
  appointmentCount: number;
};

/** One page of the business's clients whose name, e-mail or phone contains `q` (clientSearchPage). */
export async function searchClients(businessId: string, q: string, page: number, conn: Conn = db): Promise<Paged<ClientRow>> {
  const w = pageWindow(page, CLIENTS_PAGE_SIZE);
  const { rows, total } = await clientSearchPage<{ id: string; name: string; phone: string | null; email: string | null; appointments: string }>(
    conn, businessId, q, w, sql`p.id, p.name, p.phone, p.email, coalesce(s.appointments, 0) as appointments`,
  );
  const items = rows.map((r) => ({ id: r.id, name: r.name, phone: r.phone, email: r.email, appointmentCount: Number(r.appointments) }));
  return paged(items, total, w.page, CLIENTS_PAGE_SIZE);
}
