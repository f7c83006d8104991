"use server";

import { defineAction } from "@/lib/pipeline";
import { COMMISSION_MESSAGES as M, STATEMENT_MESSAGES as S } from "./messages";
import { addAdvance, markPaid, setCardFees, setCommission } from "./mutations";
import { advanceSchema, cardFeesSchema, commissionSchema, payoutSchema } from "./schemas";

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

/** 'Lançar vale' on the statement: the owner's. */
export const addAdvanceAction = defineAction({
  name: "commissions.advance",
  level: "owner",
  schema: advanceSchema,
  error: S.advanceError,
  noBusiness: { error: S.advanceError },
  revalidate: ["/commissions", "/my-commissions"],
  run: ({ input, ...w }) => addAdvance(w, input),
});

/** 'Marcar como pago': the owner's; a period meeting one already paid is refused by the database. */
export const markPaidAction = defineAction({
  name: "commissions.markPaid",
  level: "owner",
  schema: payoutSchema,
  error: S.paidError,
  noBusiness: { error: S.paidError },
  conflicts: { commission_payouts_no_overlap: { description: S.overlap } },
  revalidate: ["/commissions", "/my-commissions"],
  run: ({ input, ...w }) => markPaid(w, input),
});

/** 'Taxas do cartão': the owner's. */
export const setCardFeesAction = defineAction({
  name: "commissions.cardFees",
  level: "owner",
  schema: cardFeesSchema,
  error: S.cardFeesError,
  noBusiness: { error: S.cardFeesError },
  revalidate: ["/commissions"],
  run: ({ input, ...w }) => setCardFees(w, input),
});
