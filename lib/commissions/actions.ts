"use server";

import { defineAction } from "@/lib/pipeline";
import { COMMISSION_MESSAGES as M } from "./messages";
import { setCommission } from "./mutations";
import { commissionSchema } from "./schemas";

/** 'Comissão de …': the owner's (issue 53: owners set commissions). */
export const setCommissionAction = defineAction({
  name: "commissions.set",
  level: "owner",
  schema: commissionSchema,
  error: M.saveError,
  noBusiness: { error: M.saveError },
  // A service of another business, or one deleted meanwhile: the composite key refuses it.
  conflicts: { professional_service_commissions_service_same_business_fk: { description: M.serviceGone } },
  revalidate: ["/commissions"],
  run: ({ input, ...w }) => setCommission(w, input),
});
