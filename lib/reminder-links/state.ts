/** What a reminder link can still do. Pure (state.test.ts). */
import { STATUS } from "@/lib/appointments/status";
import { cancelDeadline } from "@/lib/online-booking/deadline";
import type { RefusalCode } from "./messages";

type Link = {
  purpose: "confirm" | "cancel";
  expiresAt: Date;
  usedAt: Date | null;
  statusId: number;
  date: string;
  time: string;
  business: { cancelDeadlineHours: number };
};

/**
 * 'ready' when the link may act now. A link expires at the appointment's start; it acts once; a
 * cancelled or concluded appointment takes no answer; 'Preciso cancelar' keeps the business's
 * minimum notice (the online booking's cancel deadline), after which the page says to call.
 */
export function linkState(link: Link, now: Date): "ready" | RefusalCode {
  if (link.expiresAt.getTime() <= now.getTime()) return "invalid";
  if (link.usedAt) return "used";
  if (link.statusId !== STATUS.pendente && link.statusId !== STATUS.confirmado) return "not-active";
  if (link.purpose === "cancel" && now.getTime() > cancelDeadline(link).getTime()) return "too-late";
  return "ready";
}
