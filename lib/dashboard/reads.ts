import "server-only";
import { defineRead } from "@/lib/core/actions/define-read";
import { todayInBusiness } from "@/lib/core/time/business-time";
import { DASHBOARD_MESSAGES as MSG } from "./messages";
import { dashboardStats } from "./queries";
import { dashboardSchema } from "./schemas";

/** The dashboard's figures: owners only, like the page. */
export const dashboardRead = defineRead({
  name: "dashboard",
  level: "owner",
  schema: dashboardSchema,
  error: MSG.loadError,
  run: ({ ctx, conn }) => dashboardStats(ctx.businessId, todayInBusiness(), new Date(), conn),
});
