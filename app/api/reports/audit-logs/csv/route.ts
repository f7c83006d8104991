import { auditCsvFileName, auditCsvStream } from "@/lib/audit-logs/csv-export";
import { auditFiltersFrom } from "@/lib/audit-logs/schemas";
import { authorized } from "@/lib/auth/guards";
import { csvResponse } from "@/lib/core/csv/stream";
import { defineRoute, searchParam } from "@/lib/core/http/define-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * 'Exportar CSV' of Logs de Auditoria: every entry matching the page's filters (the same URL
 * parameters), streamed. ?business= names the business the page was rendered for; the session,
 * the owner role and the membership are checked against the database here, whatever the page did.
 */
export const GET = defineRoute({
  name: "GET /api/reports/audit-logs/csv",
  access: authorized("owner", { business: (req) => searchParam(req, "business") }),
  error: "Não foi possível exportar os logs de auditoria.",
  handler: async ({ req, auth }) => {
    const filters = auditFiltersFrom(Object.fromEntries(new URL(req.url).searchParams));
    const body = await auditCsvStream(auth.businessId, filters);
    return csvResponse(body, auditCsvFileName());
  },
});
