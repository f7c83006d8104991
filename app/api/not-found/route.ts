import { UNEXPECTED } from "@/lib/core/actions/messages";
import { defineRoute } from "@/lib/core/http/define-route";
import { subjectKey } from "@/lib/core/rate-limit";
import { NOT_FOUND_LOG } from "@/lib/core/rate-limit/policies";
import { handleNotFoundReport } from "@/lib/not-found/report";

/** Server log of unknown paths people reached (sent by the 404 page); bounded, rate-limited. */
export const POST = defineRoute({
  name: "POST /api/not-found",
  access: "public",
  rateLimit: { limit: NOT_FOUND_LOG.address, key: ({ address }) => subjectKey(address) },
  // The 404 page's beacon reads no answer: its 429 has none either.
  tooMany: null,
  error: UNEXPECTED,
  handler: ({ req }) => handleNotFoundReport(req),
});
