import { auditCsvFileName, auditCsvStream } from "@/lib/audit-logs/csv-export";
import { auditFiltersFrom } from "@/lib/audit-logs/schemas";
import { authorize, NOT_SIGNED_IN } from "@/lib/auth/guards";
import { attachmentHeader, CSV_CONTENT_TYPE } from "@/lib/csv/csv";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const json = (status: number, error: string) =>
  new Response(JSON.stringify({ error }), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * 'Exportar CSV' of Logs de Auditoria: every entry matching the page's filters (the same URL
 * parameters), streamed. ?business= names the business the page was rendered for; the session,
 * the owner role and the membership are checked against the database here, whatever the page did.
 */
export async function GET(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const auth = await authorize("owner", url.searchParams.get("business") || null);
  if (!auth.ok) return json(auth.error === NOT_SIGNED_IN.error ? 401 : 403, auth.error);
  const filters = auditFiltersFrom(Object.fromEntries(url.searchParams));
  let body: ReadableStream<Uint8Array>;
  try {
    body = await auditCsvStream(auth.businessId, filters);
  } catch (e) {
    console.error("[csv auditoria]", e);
    return json(500, "Não foi possível exportar os logs de auditoria.");
  }
  return new Response(body, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachmentHeader(auditCsvFileName()),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
