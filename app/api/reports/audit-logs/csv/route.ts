import { auditCsvFileName, auditCsvStream } from "@/lib/audit-logs/csv-export";
import { auditFiltersFrom } from "@/lib/audit-logs/schemas";
import { authorize, NOT_SIGNED_IN } from "@/lib/auth/guards";
import { attachmentHeader, CSV_CONTENT_TYPE } from "@/lib/core/csv/csv";
import { answering, jsonError } from "@/lib/core/http/responses";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * 'Exportar CSV' of Logs de Auditoria: every entry matching the page's filters (the same URL
 * parameters), streamed. ?business= names the business the page was rendered for; the session,
 * the owner role and the membership are checked against the database here, whatever the page did.
 */
export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const auth = await authorize("owner", url.searchParams.get("business") || null);
  if (!auth.ok) return jsonError(auth.error === NOT_SIGNED_IN.error ? 401 : 403, auth.error);
  const filters = auditFiltersFrom(Object.fromEntries(url.searchParams));
  return answering("csv auditoria", "Não foi possível exportar os logs de auditoria.", async () => {
    const body = await auditCsvStream(auth.businessId, filters);
    return new Response(body, {
      headers: {
        "Content-Type": CSV_CONTENT_TYPE,
        "Content-Disposition": attachmentHeader(auditCsvFileName()),
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
