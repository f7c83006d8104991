import { CalendarClock, CalendarOff, CalendarPlus, ChevronDown, ChevronsDownUp, ChevronsUpDown, ClipboardCheck, ClockAlert, Globe, ListOrdered, Plus, Repeat, UserRound, X } from "lucide";
import { iconSprite } from "@/components/ui/icon-sprite";

/** The icons every card and every day of the agenda repeats, drawn once by AgendaView. */
export const AGENDA_ICONS = iconSprite("agenda", {
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
});
