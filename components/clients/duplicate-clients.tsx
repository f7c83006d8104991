"use client";

import { useEffect, useId, useState } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import type { DuplicateClient } from "@/lib/clients/queries";
import { CLIENT_MESSAGES, sameText } from "@/lib/clients/messages";
import { formatPhone } from "@/lib/core/format/phone";
import { liveKey } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";

/**
 * The clients of the business who already have this phone or e-mail (the 'clients.duplicates' read,
 * the check the save repeats), asked 300 ms after the typing stops. `again` changes to ask at once
 * (the save was refused as a duplicate).
 */
export function useDuplicateClients(businessId: string, phone: string, email: string, again = 0): DuplicateClient[] {
  const asked = `${phone.trim()}\n${email.trim()}`;
  const [found, setFound] = useState<{ asked: string; clients: DuplicateClient[] }>({ asked: "", clients: [] });
  useEffect(() => {
    if (asked === "\n") return;
    let gone = false;
    const [p, e] = asked.split("\n");
    const timer = setTimeout(async () => {
      try {
        const r = await readLive(liveKey(businessId, "clients.duplicates", { phone: p, email: e }));
        if (!gone) setFound({ asked, clients: r.clients });
      } catch {
        // Nothing shown; the save checks again.
      }
    }, again ? 0 : 300);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [businessId, asked, again]);
  // What was found for other text is no longer shown.
  return found.asked === asked ? found.clients : [];
}

/**
 * 'Cliente já cadastrado': each client found, with what they share and what the form offers for them
 * (`use`: 'Usar este cliente', 'Ver cliente'), and the box that says it is another person
 * (`allowDuplicate`, without which the save is refused). An empty live region when none.
 */
export function DuplicateClientsNotice({
  clients,
  allow,
  onAllowChange,
  use,
}: {
  clients: DuplicateClient[];
  allow: boolean;
  onAllowChange: (allow: boolean) => void;
  use: (client: DuplicateClient) => React.ReactNode;
}) {
  const id = useId();
  return (
    <div aria-live="polite">
      {clients.length > 0 && (
        <div role="group" aria-labelledby={`${id}-title`} data-testid="duplicate-clients" className="grid gap-2 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm">
          <p id={`${id}-title`} className="font-medium">
            {CLIENT_MESSAGES.duplicate}
          </p>
          <ul className="grid gap-2">
            {clients.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-2">
                <span className="min-w-0">
                  <span className="block break-words font-medium">{c.name}</span>
                  <span className="block break-words text-xs text-muted-foreground">
                    {sameText(c)}
                    {c.phone && ` · ${formatPhone(c.phone)}`}
                    {c.email && ` · ${c.email}`}
                  </span>
                </span>
                {use(c)}
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted-foreground">{CLIENT_MESSAGES.duplicateHint}</p>
          <label className="flex min-h-11 items-center gap-2">
            <Checkbox checked={allow} onCheckedChange={(v) => onAllowChange(v === true)} />
            <span>{CLIENT_MESSAGES.createAnyway}</span>
          </label>
        </div>
      )}
    </div>
  );
}
