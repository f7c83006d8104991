import "server-only";
import { allocationDayRead } from "@/lib/allocation/reads";
import {
  agendaAppointmentRead, agendaDayRead, agendaDaysRead, agendaGridRead, agendaSummaryRead, appointmentOptionsRead, clientOptionsRead,
} from "@/lib/appointments/reads";
import { businessHoursRead } from "@/lib/business-hours/reads";
import { calendarFeedRead } from "@/lib/calendar-feeds/reads";
import { conversationsRead } from "@/lib/conversations/reads";
import { dashboardRead } from "@/lib/dashboard/reads";
import { notificationsRead } from "@/lib/notifications/reads";
import { restrictionsRead, timeOffRead } from "@/lib/professionals/reads";
import { waitlistCountsRead, waitlistDayRead } from "@/lib/waitlist/reads";

/**
 * Every read of the screens and their dialogs (lib/core/actions/define-read.ts), by name: what GET /api/live/{name} answers. The
 * client names them in its cache keys (lib/core/live/keys.ts), with their data types from here.
 */
export const LIVE_READS = {
  "agenda.day": agendaDayRead,
  "agenda.days": agendaDaysRead,
  "agenda.summary": agendaSummaryRead,
  "agenda.grid": agendaGridRead,
  "agenda.appointment": agendaAppointmentRead,
  "agenda.options": appointmentOptionsRead,
  "agenda.clients": clientOptionsRead,
  "professionals.restrictions": restrictionsRead,
  "professionals.timeOff": timeOffRead,
  "professionals.calendarFeed": calendarFeedRead,
  "allocation.day": allocationDayRead,
  "business-hours": businessHoursRead,
  conversations: conversationsRead,
  dashboard: dashboardRead,
  notifications: notificationsRead,
  "waitlist.day": waitlistDayRead,
  "waitlist.counts": waitlistCountsRead,
} as const;
