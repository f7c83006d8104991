"use server";

import type { Tx } from "@/db";
import { defineAction } from "@/lib/pipeline";
import { fail, ok } from "@/lib/core/actions/result";
import { localPhoneDigits } from "@/lib/core/format/phone";
import { requestAddress } from "@/lib/core/net/request-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { WAITLIST_MESSAGES as MSG } from "./messages";
import { addEntry, claimOffer, joinWaitlist, markBooked, removeEntry } from "./mutations";
import { bookedSchema, claimSchema, entryIdSchema, joinSchema, staffEntrySchema } from "./schemas";

/**
 * 'Entrar na lista de espera' on /agendar/{slug}: public, the slug decides the business. Counted per
 * address and per phone, as the booking; the honeypot refuses quietly.
 */
export const joinWaitlistAction = defineAction({
  name: "waitlist.join",
  level: "public",
  schema: joinSchema,
  error: MSG.joinError,
  fallback: MSG.joinFallback,
  precheck: async ({ input }) => {
    const address = await hit(ONLINE_BOOKING.waitlistAddress, subjectKey("waitlist-join", await requestAddress()));
    if (!address.ok) return fail(MSG.joinError, tooManyAttempts(address.retryAfterMs));
    if (input.website.trim()) return fail(MSG.joinError, MSG.joinFallback);
    const phone = await hit(ONLINE_BOOKING.waitlistPhone, subjectKey("waitlist-join", input.slug, localPhoneDigits(input.phone)));
    if (!phone.ok) return fail(MSG.joinError, tooManyAttempts(phone.retryAfterMs));
  },
  run: async ({ input, tx }) => {
    const r = await joinWaitlist(tx as Tx, input, new Date());
    // The browser learns nothing but that it worked.
    return r.ok ? ok() : r;
  },
});

/**
 * 'Quero este horário' on the offer's page: public, the token alone says which offer. The page's
 * plain form posts FormData (before or without scripts); the page is then rendered again from the
 * database: the link that claimed reads 'Horário agendado!' (its token is the proof, wherever it is
 * opened again); a claim of it after the first answers 'Esse horário acabou de ser preenchido'.
 */
export const claimOfferAction = defineAction({
  name: "waitlist.claim",
  level: "public",
  schema: claimSchema,
  error: MSG.claimError,
  conflicts: {
    appointment_professional_blocks_no_overlap: { error: MSG.filled, description: MSG.filledDescription, code: "filled" },
    appointments_client_no_overlap: { error: MSG.filled, description: MSG.filledDescription, code: "filled" },
  },
  precheck: async () => {
    const v = await hit(ONLINE_BOOKING.waitlistClaim, subjectKey("waitlist-claim", await requestAddress()));
    if (!v.ok) return { ...fail(MSG.claimError, MSG.tooMany), code: "too-many" };
  },
  run: async ({ input, tx }) => {
    const r = await claimOffer(tx as Tx, input.token, new Date());
    // The browser learns nothing of the booking: the page is rendered again from the database.
    return r.ok ? ok() : r;
  },
  revalidate: [["/agendar/lista-de-espera/[token]", "page"]],
});

/** 'Adicionar à lista de espera' on the agenda: owners and employees of the business. */
export const addWaitlistEntryAction = defineAction({
  name: "waitlist.add",
  level: "staff",
  schema: staffEntrySchema,
  error: MSG.saveError,
  run: ({ input, ...w }) => addEntry(w, input),
});

/** 'Remover' on the day's waitlist. */
export const removeWaitlistEntryAction = defineAction({
  name: "waitlist.remove",
  level: "staff",
  schema: entryIdSchema,
  error: MSG.removeError,
  run: ({ input, ...w }) => removeEntry(w, input.id),
});

/** After 'Agendar' from the panel booked the entry through Novo Agendamento: the entry is agendado. */
export const markWaitlistBookedAction = defineAction({
  name: "waitlist.booked",
  level: "staff",
  schema: bookedSchema,
  error: MSG.saveError,
  run: ({ input, ...w }) => markBooked(w, input.id, input.appointmentId),
});
