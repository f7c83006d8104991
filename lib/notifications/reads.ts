import "server-only";
import { defineRead } from "@/lib/pipeline";
import { agendaScope } from "@/lib/appointments/visibility";
import { bellOf } from "./queries";
import { markReadSchema } from "./schemas";

/** The header's bell: the business's latest client events and the caller's unread count. */
export const notificationsRead = defineRead({
  name: "notifications",
  level: "staff",
  // A client event: the bell.
  live: { tables: ["business_notifications"] },
  schema: markReadSchema,
  error: "Não foi possível carregar as notificações",
  run: ({ ctx, conn }) => bellOf(ctx.businessId, ctx.userId, conn, agendaScope(ctx.business)),
});
