import { authorized } from "@/lib/auth/guards";
import { dayField } from "@/lib/commissions/schemas";
import { csvResponse } from "@/lib/core/csv/stream";
import { defineRoute, refuse, searchParam } from "@/lib/core/http/define-route";
import { dayClosingCsvFileName, dayClosingCsvStream } from "@/lib/day-closing/csv-export";
import { DAY_CLOSING_MESSAGES as M } from "@/lib/day-closing/messages";
import { dayClosing } from "@/lib/day-closing/queries";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** 'Exportar CSV' of 'Fechamento do dia': ?business=&date=, the owner's. */
export const GET = defineRoute({
  name: "GET /api/reports/day-closing/csv",
  access: authorized("owner", { business: (req) => searchParam(req, "business") }),
  error: M.csvError,
  handler: async ({ req, auth }) => {
    const date = dayField.safeParse(searchParam(req, "date") ?? "");
    if (!date.success) return refuse("bad-request", M.csvError, { description: date.error.issues[0]?.message });
    const report = await dayClosing(auth.businessId, date.data);
    return csvResponse(await dayClosingCsvStream(report), dayClosingCsvFileName(report.date));
  },
});
