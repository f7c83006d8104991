import { CalendarClock, CalendarOff, ChevronDown, ChevronsDownUp, ChevronsUpDown, ClockAlert, Globe, Plus } from "lucide";
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
});
