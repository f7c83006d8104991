import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { db, type Conn } from "@/db";
import { containsFolded, digitsOnly, foldText, likePattern, pageWindow, paged, type Paged } from "@/lib/core/data/list";
import { complementaryShares } from "@/lib/reports/figures";
import { asOwner } from "@/lib/reports/owner-access";
import { CONVERSATIONS_PAGE_SIZE, type ConversationFilter } from "./messages";

export type ConversationRow = {
  id: string;
  message: string;
  isBot: boolean;
  /** ISO instant. */
  createdAt: string;
  clientName: string | null;
  clientPhone: string | null;
};

export type ConversationStats = {
  total: number;
  bot: number;
  human: number;
  /** Whole percent; the two add up to 100 when there is any conversation. */
  botShare: number;
  humanShare: number;
  /** Distinct client phones (digits, with or without the 55 prefix) among the conversations. */
  uniqueClients: number;
};

/**
 * A phone's digits without Brazil's 55 prefix (only when 12+ digits, as whatsappLink reads it), so
 * '+55 (65) 99999-1234' and '65 99999-1234' are the same client.
 */
const localDigits = (column: SQL) => sql`nullif(
  case when length(agenda_digits(${column})) >= 12 and left(agenda_digits(${column}), 2) = '55'
       then substr(agenda_digits(${column}), 3) else agenda_digits(${column}) end, '')`;

/** Spec section 9: total, bot and human shares in whole percent, unique clients by phone. One scan. */
export async function conversationStats(businessId: string, conn: Conn = db): Promise<ConversationStats> {
  // Unique phones over the clients that have a conversation (an index probe per client), not over
  // every message: that part grows with the clients who wrote, not with the messages.
  const [row] = await conn.execute<{ total: string; bot: string; clients: string }>(sql`
    select (select count(*) from conversations v where v.business_id = ${businessId}) as total,
           (select count(*) from conversations v where v.business_id = ${businessId} and v.is_bot) as bot,
           (select count(distinct ${localDigits(sql`c.phone`)}) from clients c
             where c.business_id = ${businessId}
               and exists (select 1 from conversations v where v.business_id = ${businessId} and v.client_id = c.id)) as clients`);
  const total = Number(row.total);
  const bot = Number(row.bot);
  const [botShare, humanShare] = complementaryShares(bot, total - bot);
  return { total, bot, human: total - bot, botShare, humanShare, uniqueClients: Number(row.clients) };
}

/**
 * One page of the business's conversations, newest first, filtered by who spoke and by `q` over the
 * message and the client's name (accents and case ignored) or phone digits. The client side of the
 * search is an array of client ids (an InitPlan), so both sides of the OR use an index
 * (migrations 0004 and 0007) and the page never scans every message's client.
 */
export async function searchConversations(
  businessId: string,
  q: string,
  filter: ConversationFilter,
  page: number,
  conn: Conn = db,
): Promise<Paged<ConversationRow>> {
  const w = pageWindow(page, CONVERSATIONS_PAGE_SIZE);
  const text = q.trim();
  const folded = likePattern(foldText(text));
  const digits = digitsOnly(text);
  const who = filter === "bot" ? sql`and v.is_bot` : filter === "human" ? sql`and not v.is_bot` : sql``;
  const match = text
    ? sql`and (${containsFolded(sql`v.message`, folded)} or v.client_id = any(array(
        select k.id from clients k
        where k.business_id = ${businessId}
          and (${containsFolded(sql`k.name`, folded)}${digits.length >= 3 ? sql` or agenda_digits(k.phone) like ${likePattern(digits)}` : sql``})
      )))`
    : sql``;
  const where = sql`v.business_id = ${businessId} ${who} ${match}`;
  // The page and its total apart: a window count over the page query would read every matching
  // row before the limit; this way the page walks the (business, created_at, id) index.
  const [rows, [count]] = await Promise.all([
    conn.execute<{ id: string; message: string; is_bot: boolean; created_at: string; name: string | null; phone: string | null }>(sql`
      select v.id, v.message, v.is_bot, to_char(v.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
             c.name, c.phone
      from conversations v
      left join clients c on c.id = v.client_id and c.business_id = v.business_id
      where ${where}
      order by v.created_at desc, v.id desc
      limit ${w.limit} offset ${w.offset}`),
    conn.execute<{ n: string }>(sql`select count(*) as n from conversations v where ${where}`),
  ]);
  const total = Number(count.n);
  const items = rows.map((r) => ({
    id: r.id, message: r.message, isBot: r.is_bot, createdAt: r.created_at, clientName: r.name, clientPhone: r.phone,
  }));
  return paged(items, total, w.page, CONVERSATIONS_PAGE_SIZE);
}

export type ConversationsReport = { stats: ConversationStats; list: Paged<ConversationRow> };

/** The Conversas page's data, for an owner of the business only. */
export function conversationsReport(
  businessId: string,
  params: { q: string; filter: ConversationFilter; page: number },
): Promise<ConversationsReport> {
  return asOwner(businessId, async () => {
    const [stats, list] = await Promise.all([
      conversationStats(businessId),
      searchConversations(businessId, params.q, params.filter, params.page),
    ]);
    return { stats, list };
  });
}
