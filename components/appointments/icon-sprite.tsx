import { CalendarClock, CalendarOff, CalendarPlus, ChevronDown, ChevronsDownUp, ChevronsUpDown, ClipboardCheck, ClockAlert, Globe, ListOrdered, Plus, Repeat, UserRound, X, type IconNode } from "lucide";
import { iconSprite } from "@/components/ui/icon-sprite";
import type { AppointmentIconName } from "./icons";

/**
 * The shapes of APPOINTMENT_ICONS, drawn once by the page (a server component: the cards' and the
 * grid's pages), so the paths are in its HTML and not in the agenda's JavaScript.
 */
export const AppointmentIconSprite = iconSprite("agenda", {
  details: ChevronDown,
  online: Globe,
  add: Plus,
  expandDay: ChevronsUpDown,
  collapseDay: ChevronsDownUp,
  holiday: CalendarOff,
  encaixe: CalendarClock,
  outsideHours: ClockAlert,
  client: UserRound,
  review: ClipboardCheck,
  rebook: CalendarPlus,
  close: X,
  recurring: Repeat,
  waitlist: ListOrdered,
} satisfies Record<AppointmentIconName, IconNode>).Sprite;
