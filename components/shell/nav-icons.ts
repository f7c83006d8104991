import {
  Building2, CalendarDays, ChartGantt, Clock, Contact, FileText, LayoutDashboard, MessageSquare, Scissors,
  ScrollText, Settings, Users, UsersRound, type LucideIcon,
} from "lucide-react";
import type { IconName } from "@/lib/routes";

/** The icons the route table names (lib/routes.ts stays free of React so middleware can read it). */
export const NAV_ICONS: Record<IconName, LucideIcon> = {
  Building2, CalendarDays, ChartGantt, Clock, Contact, FileText, LayoutDashboard, MessageSquare, Scissors,
  ScrollText, Settings, Users, UsersRound,
};
