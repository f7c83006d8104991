"use client";

import { CalendarSync, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog, FormDialog, FormDialogHeader, networkFailureToast, resultToast, SubmitButton } from "@/components/form";
import { useLive } from "@/components/live/use-live";
import { CopyButton } from "@/components/online-booking/copy-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { generateCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/calendar-feeds/actions";
import { CALENDAR_FEED_MESSAGES as MSG } from "@/lib/calendar-feeds/messages";
import { formatDateTime } from "@/lib/core/format/date";
import { liveKey } from "@/lib/core/live/keys";
import { setLive } from "@/lib/core/live/store";
import type { ProfessionalRow } from "@/lib/professionals/queries";

type Props = { businessId: string; professional: ProfessionalRow | null; onClose: () => void };

/**
 * 'Link da agenda (iCal)': the professional's secret calendar address. Without one, 'Gerar link';
 * with one, when it was made, 'Gerar novo link' (the old address stops at once) and 'Revogar link'.
 * The address itself shows only right after it is made: only its hash is kept.
 */
export function CalendarFeedDialog({ businessId, professional, onClose }: Props) {
  return (
    <FormDialog open={!!professional} onOpenChange={(open) => !open && onClose()} className="sm:max-w-lg">
      <FormDialogHeader title={`${MSG.title}${professional ? ` de ${professional.name}` : ""}`} description={MSG.description} />
      {professional && <CalendarFeedBody key={professional.id} businessId={businessId} professionalId={professional.id} onClose={onClose} />}
    </FormDialog>
  );
}

function CalendarFeedBody({ businessId, professionalId, onClose }: { businessId: string; professionalId: string; onClose: () => void }) {
  const generateFeed = useWrite(generateCalendarFeedAction);
  const revokeFeed = useWrite(revokeCalendarFeedAction);
  const key = liveKey(businessId, "professionals.calendarFeed", { professionalId });
  const { data, error } = useLive(key);
  // The address of the link made in this dialog, this once.
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirm, setConfirm] = useState<"replace" | "revoke" | null>(null);
  const feed = data?.feed ?? null;

  const generate = () => generateFeed({ businessId, professionalId });
  const generated = (r: { url: string; createdAt: string }) => {
    setUrl(r.url);
    setLive(key, { professional: true, feed: { createdAt: r.createdAt } });
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (feed) return setConfirm("replace");
    setPending(true);
    const r = await generate().catch(() => null);
    setPending(false);
    if (!r) return networkFailureToast(MSG.generateError);
    resultToast(r, { title: MSG.generated });
    if (r.ok) generated(r);
  }

  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="grid min-w-0 gap-4">
      <section aria-label={MSG.title} className="grid min-w-0 gap-3" data-testid="calendar-feed-status">
        {error ? (
          <p className="text-sm text-destructive">{MSG.loadError}</p>
        ) : !data ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Carregando...
          </p>
        ) : !feed ? (
          <p className="text-sm text-muted-foreground">{MSG.none}</p>
        ) : url ? (
          <>
            <Alert>
              <ShieldAlert aria-hidden />
              <AlertDescription>{MSG.shownOnce}</AlertDescription>
            </Alert>
            <p
              className="min-w-0 select-all break-all rounded-md border bg-muted/50 p-3 font-mono text-xs leading-relaxed"
              data-testid="calendar-feed-url"
              aria-label="Endereço da agenda"
            >
              {url}
            </p>
            <div>
              <CopyButton value={url} label={MSG.copy} copiedToast={MSG.copied} />
            </div>
          </>
        ) : (
          <p className="text-sm">
            <CalendarSync aria-hidden className="mr-1.5 inline size-4 align-[-3px] text-muted-foreground" />
            {MSG.active(formatDateTime(feed.createdAt))} <span className="text-muted-foreground">{MSG.hidden}</span>
          </p>
        )}
        {feed && (
          <div>
            <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setConfirm("revoke")} disabled={pending}>
              {MSG.revoke}
            </Button>
          </div>
        )}
      </section>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
          Fechar
        </Button>
        <SubmitButton pending={pending} pendingText="Gerando..." disabled={!data || !!error}>
          {feed ? MSG.regenerate : MSG.generate}
        </SubmitButton>
      </DialogFooter>
      <ActionConfirmDialog
        open={confirm === "replace"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={MSG.regenerate}
        description={MSG.regenerateConfirm}
        confirmLabel={MSG.regenerate}
        run={generate}
        success={{ title: MSG.regenerated, description: MSG.regeneratedDescription }}
        error={MSG.generateError}
        onDone={generated}
      />
      <ActionConfirmDialog
        open={confirm === "revoke"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={MSG.revoke}
        description={MSG.revokeConfirm}
        confirmLabel={MSG.revoke}
        destructive
        run={() => revokeFeed({ businessId, professionalId })}
        success={{ title: MSG.revoked }}
        error={MSG.revokeError}
        onDone={() => {
          setUrl(null);
          setLive(key, { professional: true, feed: null });
        }}
      />
    </form>
  );
}
