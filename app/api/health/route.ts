import { sqlClient } from "@/db";
import { UNEXPECTED } from "@/lib/core/actions/messages";
import { defineRoute } from "@/lib/core/http/define-route";
import { json } from "@/lib/core/http/responses";
import { checkHealth } from "@/lib/core/health/health";

export const dynamic = "force-dynamic";

/**
 * For load balancers: 200 `{"status":"ok",…}` when the database answers, its migrations are
 * current and a job worker is alive; else 503 naming the check that failed. No session needed;
 * nothing in the answer but the checks' names (lib/core/health/health.ts). Never cached.
 */
export const GET = defineRoute({
  name: "GET /api/health",
  access: "public",
  error: UNEXPECTED,
  handler: async () => {
    const health = await checkHealth(sqlClient());
    return json(health.status === "ok" ? 200 : 503, health);
  },
});
