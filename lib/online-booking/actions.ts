"use server";

import type { Tx } from "@/db";
import { sendOnlineBookingEmail } from "@/emails/online-booking";
import { defineAction } from "@/lib/pipeline";
import { fail, ok } from "@/lib/core/actions/result";
import { localPhoneDigits } from "@/lib/core/format/phone";
import { requestAddress } from "@/lib/core/net/request-address";
import { hit, subjectKey } from "@/lib/core/rate-limit";
import { tooManyAttempts } from "@/lib/core/rate-limit/messages";
import { ONLINE_BOOKING } from "@/lib/core/rate-limit/policies";
import { deliverMessage } from "@/lib/notifications/deliver";
import { bookOnline, cancelByToken, saveOnlineSettings } from "./mutations";
import { ONLINE_MESSAGES as MSG, SLOT_TAKEN_CODE } from "./messages";
import { bookingSchema, cancelSchema, onlineSettingsSchema } from "./schemas";
import { bookingByTokenHash } from "./queries";
import { bookingUrl, hashBookingToken } from "./tokens";


/**
 * 'Confirmar agendamento' on /agendar/{slug}: public (no sign-in). The slug in the input decides the
 * business; ids of services and professionals are looked up within it. Counted per address and per
 * phone before anything else; the honeypot field refuses quietly. Never cached.
 */
export const bookOnlineAction = defineAction({
  name: "onlineBooking.book",
  level: "public",
  schema: bookingSchema,
  error: MSG.bookError,
  fallback: MSG.bookFallback,
  conflicts: {
    appointment_professional_blocks_no_overlap: { error: MSG.slotTakenTitle, description: MSG.slotTaken, code: SLOT_TAKEN_CODE },
    appointments_client_no_overlap: { error: MSG.slotTakenTitle, description: MSG.slotTaken, code: SLOT_TAKEN_CODE },
  },
  precheck: async ({ input }) => {
    const address = await hit(ONLINE_BOOKING.address, subjectKey("online-booking", await requestAddress()));
    if (!address.ok) return fail(MSG.tooMany, tooManyAttempts(address.retryAfterMs));
    if (input.website.trim()) return fail(MSG.bookError, MSG.bookFallback);
    const phone = await hit(ONLINE_BOOKING.phone, subjectKey("online-booking", input.slug, localPhoneDigits(input.phone)));
    if (!phone.ok) return fail(MSG.tooMany, tooManyAttempts(phone.retryAfterMs));
  },
  run: async ({ input, tx }) => {
    const booked = await bookOnline(tx as Tx, input, new Date());
    // The browser gets the private link's token, nothing else.
    return booked.ok ? ok({ token: booked.token }) : booked;
  },
  afterCommit: async ({ input, result }) => {
    if (!input.email) return;
    const view = await bookingByTokenHash(hashBookingToken(result.token));
    if (!view) return;
    // The address was typed by whoever booked: the e-mail goes through the business's rules like
    // every message (lib/notifications/deliver.ts: its owner confirmed, the day's cap per business),
    // so the page is no mail relay. Held back, the booking stands and its page shows the private link.
    const to = input.email;
    await deliverMessage(
      { businessId: view.businessId, kind: "online_booking_email", subjectId: view.appointmentId, dueAt: new Date(), recipient: to },
      () => sendOnlineBookingEmail({ to, clientName: input.name, view, link: bookingUrl(result.token) }),
    );
  },
});

/** 'Cancelar agendamento' on the private link: the token alone says which booking. */
export const cancelOnlineBookingAction = defineAction({
  name: "onlineBooking.cancel",
  level: "public",
  schema: cancelSchema,
  error: MSG.cancelError,
  precheck: async () => {
    const v = await hit(ONLINE_BOOKING.cancel, subjectKey("online-cancel", await requestAddress()));
    if (!v.ok) return fail(MSG.tooMany, tooManyAttempts(v.retryAfterMs));
  },
  run: ({ input, tx }) => cancelByToken(tx as Tx, input.token, new Date()),
});

/**
 * The owner's 'Agendamento online' card on Meus Dados. Switching the page on needs a confirmed
 * address: the page sends e-mails in the business's name to addresses strangers type.
 */
export const saveOnlineSettingsAction = defineAction({
  name: "onlineBooking.settings",
  level: "owner",
  schema: onlineSettingsSchema,
  error: MSG.saveError,
  precheck: async ({ input, ctx }) => {
    if (input.enabled && !ctx.auth.user.emailConfirmed) return fail(MSG.saveError, MSG.confirmToEnable);
  },
  conflicts: { business_online_booking_slug_key: { error: MSG.saveError, description: MSG.slugTaken } },
  revalidate: ["/business-profile"],
  run: ({ input, ...w }) => saveOnlineSettings(w, input),
});
