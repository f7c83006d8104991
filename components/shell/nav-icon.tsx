import {
  Building2, CalendarDays, ChartGantt, Clock, Contact, FileText, LayoutDashboard, MessageSquare, Package, Percent,
  Receipt, Scissors, ScrollText, Settings, Users, UsersRound, Wallet,
} from "lucide";
import type { IconName } from "@/lib/routes";
import { StaticIcon } from "@/components/ui/static-icon";

const ICONS = {
  Building2, CalendarDays, ChartGantt, Clock, Contact, FileText, LayoutDashboard, MessageSquare, Package, Percent,
  Receipt, Scissors, ScrollText, Settings, Users, UsersRound, Wallet,
} satisfies Record<IconName, unknown>;

/**
 * A menu icon the route table names (lib/routes.ts stays free of React so middleware can read it).
 * Rendered by the server shells and handed to the client menus as elements, so the icon set never
 * ships as JavaScript.
 */
export function NavIcon({ name }: { name: IconName }) {
  return <StaticIcon icon={ICONS[name]} className="size-4 shrink-0" />;
}
