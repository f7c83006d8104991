"use server";

import { redirect } from "next/navigation";
import type { Tx } from "@/db";
import { defineAction } from "@/lib/core/actions/define-action";
import { fail } from "@/lib/core/actions/result";
import { requestAddress } from "@/lib/core/net/request-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { REFUSAL_CODES, REMINDER_LINK_MESSAGES as MSG, type RefusalCode } from "./messages";
import { respondByLink } from "./mutations";
import { respondSchema } from "./schemas";
import { linkPath } from "./tokens";

/** A reminder link's answer: public, the token alone says which appointment; counted per address. */
export const respondByLinkAction = defineAction({
  name: "reminderLinks.respond",
  level: "public",
  schema: respondSchema,
  error: MSG.error,
  precheck: async () => {
    const v = await hit(ONLINE_BOOKING.reminderLink, subjectKey("reminder-link", await requestAddress()));
    if (!v.ok) return { ...fail(MSG.error, MSG.tooMany), code: "too-many" };
  },
  run: ({ input, tx }) => respondByLink(tx as Tx, input.token, new Date()),
});

/**
 * The link page's form (a plain POST: it works before, or without, the page's scripts): answers
 * through the action above, then shows the page again, which reads the outcome from the database;
 * a refusal travels as its code, never as text.
 */
export async function respondFromLinkPage(formData: FormData): Promise<void> {
  const token = String(formData.get("token") ?? "").slice(0, 200);
  const r = await respondByLinkAction({ token });
  const code = !r.ok && REFUSAL_CODES.includes(r.code as RefusalCode) ? r.code : null;
  redirect(r.ok || !code ? linkPath(token) : `${linkPath(token)}?erro=${code}`);
}
