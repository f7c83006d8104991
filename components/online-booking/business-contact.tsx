import { MapPin, Phone } from "lucide-react";

/** The business's address and phone (a tap calls it) as items of a public page's details list. */
export function BusinessContactItems({ address, phone }: { address: string | null; phone: string | null }) {
  const tel = phone?.replace(/[^\d+]/g, "");
  return (
    <>
      {address && (
        <li className="flex items-start gap-2">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <span>{address}</span>
        </li>
      )}
      {phone && (
        <li className="flex items-start gap-2">
          <Phone aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
          <a href={`tel:${tel}`} className="underline-offset-4 hover:underline">{phone}</a>
        </li>
      )}
    </>
  );
}
