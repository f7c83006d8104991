import { iconRefs } from "@/components/ui/icon-sprite";

/** The icons every card and every day of the agenda repeats (and the grid's): their shapes are in icon-sprite.tsx. */
export type AppointmentIconName =
  | "details" | "online" | "add" | "expandDay" | "collapseDay" | "holiday" | "encaixe" | "outsideHours"
  | "client" | "review" | "rebook" | "close" | "recurring" | "waitlist";

/** Each icon a `<use>` of the sprite the agenda's pages render from the server, so no shape ships in their JavaScript. */
export const APPOINTMENT_ICONS = iconRefs<AppointmentIconName>("agenda");
