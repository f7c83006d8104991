import { defineRoute } from "@/lib/core/http/define-route";
import { subjectKey } from "@/lib/core/rate-limit";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { ONLINE_MESSAGES } from "@/lib/online-booking/messages";
import { answerSlots } from "@/lib/online-booking/slots-handler";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** The public booking page's free times of one day (lib/online-booking/slots-handler.ts), counted per address. */
export const GET = defineRoute<{ slug: string }>({
  name: "GET /api/agendar/[slug]/horarios",
  access: "public",
  rateLimit: { limit: ONLINE_BOOKING.slots, key: ({ address }) => subjectKey("online-slots", address) },
  error: ONLINE_MESSAGES.slotsError,
  handler: (call) => answerSlots(call),
});
