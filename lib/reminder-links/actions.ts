"use server";

import type { Tx } from "@/db";
import { defineAction } from "@/lib/pipeline";
import { fail } from "@/lib/core/actions/result";
import { requestAddress } from "@/lib/core/net/request-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { REMINDER_LINK_MESSAGES as MSG } from "./messages";
import { respondByLink } from "./mutations";
import { respondSchema } from "./schemas";

/**
 * A reminder link's answer: public, the token alone says which appointment; counted per address.
 * The link page's plain form posts to it (FormData, before or without scripts); the page is then
 * rendered again and shows the outcome as the database has it.
 */
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
  revalidate: [["/agendar/lembrete/[token]", "page"]],
});
