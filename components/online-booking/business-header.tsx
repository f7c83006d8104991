import { MapPin, Phone } from "lucide-react";
import type { OnlineBusiness } from "@/lib/online-booking/queries";

/** The business as its clients know it: name, description, phone (tap to call) and address. */
export function BusinessHeader({ business }: { business: Pick<OnlineBusiness, "name" | "description" | "phone" | "address"> }) {
  const tel = business.phone?.replace(/[^\d+]/g, "");
  return (
    <header className="grid gap-2">
      <p className="text-xs font-medium uppercase tracking-wide text-primary">Agendamento online</p>
      <h1 className="text-2xl font-bold leading-tight">{business.name}</h1>
      {business.description && <p className="text-sm text-muted-foreground">{business.description}</p>}
      <ul className="grid gap-1 text-sm text-muted-foreground">
        {business.phone && (
          <li className="flex items-center gap-2">
            <Phone aria-hidden className="size-4 shrink-0" />
            <a href={`tel:${tel}`} className="underline-offset-4 hover:underline">{business.phone}</a>
          </li>
        )}
        {business.address && (
          <li className="flex items-start gap-2">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{business.address}</span>
          </li>
        )}
      </ul>
    </header>
  );
}
