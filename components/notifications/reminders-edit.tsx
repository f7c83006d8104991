"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { preloadable } from "@/components/ui/preloadable";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { ReminderSettingsFields } from "@/lib/notifications/schemas";

const RemindersDialog = preloadable(() => import("./reminders-settings").then((m) => m.RemindersDialog), { whenIdle: true });

/** The 'Lembretes' card's button and its dialog. */
export function RemindersEdit(props: { businessId: string; settings: ReminderSettingsFields; cancelNoticeHours: number; whatsAppConfigured: boolean }) {
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Editar lembretes
      </Button>
      {loaded && <RemindersDialog {...props} open={open} onOpenChange={setOpen} />}
    </>
  );
}
