/** Until when a client may cancel through their link. Pure. */
import { isOutcome, STATUS } from "@/lib/appointments/status";
import { businessDateTimeToInstant } from "@/lib/core/time/business-time";

type Cancellable = { statusId: number; linkUsedAt: string | null; date: string; time: string; business: { cancelDeadlineHours: number } };

/** The last instant of the cancel: the start (business zone) minus the owner's hours. */
export function cancelDeadline(b: Pick<Cancellable, "date" | "time" | "business">): Date {
  return new Date(businessDateTimeToInstant(b.date, b.time).getTime() - b.business.cancelDeadlineHours * 3_600_000);
}

/** Whether the link may still cancel at `now`: not used, not cancelled, done or a no-show, and before the deadline. */
export function canCancel(b: Cancellable, now: Date): boolean {
  if (b.linkUsedAt || b.statusId === STATUS.cancelado || isOutcome(b.statusId)) return false;
  return now.getTime() <= cancelDeadline(b).getTime();
}
