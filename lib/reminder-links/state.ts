/** What a reminder link can still do. Pure (state.test.ts). */
import { STATUS } from "@/lib/appointments/status";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";
import { cancelDeadline } from "@/lib/online-booking/deadline";
import type { RefusalCode } from "./messages";

type Link = {
  purpose: "confirm" | "cancel";
  usedAt: Date | null;
  statusId: number;
  /** The appointment's current start (business zone), read with the link: the link follows it when it moves. */
  date: string;
  time: string;
  business: { cancelDeadlineHours: number };
};

/**
 * Whether cancelling by link is still allowed at `now`: up to the business's minimum notice before
 * the appointment's start (the online booking's cancel deadline). The link's page and its answer
 * refuse after it ('too-late'), and a reminder sent after it carries no 'Preciso cancelar' link
 * (lib/jobs/reminder.ts).
 */
export function cancelByLinkOpen(a: Pick<Link, "date" | "time" | "business">, now: Date): boolean {
  return now.getTime() <= cancelDeadline(a).getTime();
}

/**
 * 'ready' when the link may act now. A link expires at the appointment's current start, not the
 * start it was sent for: an appointment moved earlier to a time already past takes no answer, one
 * moved later keeps its links until the new start. It acts once; a cancelled or concluded
 * appointment takes no answer; 'Preciso cancelar' keeps the business's minimum notice (the online
 * booking's cancel deadline, from the same current start), after which the page says to call.
 */
export function linkState(link: Link, now: Date): "ready" | RefusalCode {
  if (businessDateTimeToInstant(link.date, link.time).getTime() <= now.getTime()) return "invalid";
  if (link.usedAt) return "used";
  if (link.statusId !== STATUS.pendente && link.statusId !== STATUS.confirmado) return "not-active";
  if (link.purpose === "cancel" && !cancelByLinkOpen(link, now)) return "too-late";
  return "ready";
}
