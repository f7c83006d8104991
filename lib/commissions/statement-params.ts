import { z } from "zod";
import { monthRange } from "@/lib/core/time/business-date";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { periodFields } from "./schemas";

/**
 * The statement a page shows from its URL (?professional=&from=&to=): the period defaults to this
 * month in the business zone; a period that doesn't parse falls back to it too.
 */
export function statementParams(sp: Record<string, string | string[] | undefined>, now: Date = new Date()) {
  const one = (k: string) => (typeof sp[k] === "string" ? (sp[k] as string) : undefined);
  const month = monthRange(todayInBusiness(now));
  const period = periodFields.safeParse({ from: one("from"), to: one("to") });
  const { from, to } = period.success ? period.data : { from: month.first, to: month.last };
  const professional = one("professional");
  return { professional: professional && z.uuid().safeParse(professional).success ? professional : null, from, to };
}
