import { authorized } from "@/lib/auth/guards";
import { statementCsvFileName, statementCsvStream } from "@/lib/commissions/csv-export";
import { STATEMENT_MESSAGES as S } from "@/lib/commissions/messages";
import { statementQuerySchema } from "@/lib/commissions/schemas";
import { commissionStatement, mayReadStatement } from "@/lib/commissions/statement";
import { csvResponse } from "@/lib/core/csv/stream";
import { defineRoute, refuse, searchParam } from "@/lib/core/http/define-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * 'Exportar CSV' of a statement ('Extrato'): ?business=&professional=&from=&to=. Any member may ask,
 * and the server answers only what they may read (`mayReadStatement`: an owner any professional of
 * the business, an employee only the professional linked to them).
 */
export const GET = defineRoute({
  name: "GET /api/commissions/statement/csv",
  access: authorized("staff", { business: (req) => searchParam(req, "business") }),
  error: S.csvError,
  handler: async ({ req, auth }) => {
    const q = statementQuerySchema.safeParse(Object.fromEntries(new URL(req.url).searchParams));
    if (!q.success) return refuse("bad-request", S.csvError, { description: q.error.issues[0]?.message });
    const member = auth.ctx.businesses.find((b) => b.id === auth.businessId);
    if (!member || !mayReadStatement(member, q.data.professional)) return refuse("forbidden", S.forbidden);
    const statement = await commissionStatement(auth.businessId, q.data.professional, q.data.from, q.data.to);
    if (!statement) return refuse("not-found", S.notFound);
    return csvResponse(await statementCsvStream(statement), statementCsvFileName(statement));
  },
});
