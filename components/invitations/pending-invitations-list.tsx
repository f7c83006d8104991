"use client";

import { Building2, Check, MailOpen, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatDate } from "@/lib/core/format/date";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/invitations/actions";
import type { PendingInvitation } from "@/lib/invitations/queries";

type Busy = { id: string; action: "accept" | "decline" } | null;

/**
 * Aceitar / Recusar for a list of pending invitations (spec section 'Invitations' texts). Accepting
 * makes that business the current one (the action sets it) and goes home after 1 s; refusing takes
 * the invitation off the list.
 */
function useInvitationAnswers(invitations: PendingInvitation[], { refresh }: { refresh: boolean }) {
  const router = useRouter();
  const [list, setList] = useState(invitations);
  const [busy, setBusy] = useState<Busy>(null);

  async function accept(inv: PendingInvitation) {
    setBusy({ id: inv.id, action: "accept" });
    const result = await acceptInvitationAction({ invitationId: inv.id }).catch(() => null);
    if (!result) networkFailureToast("Erro");
    else resultToast(result, { title: "Convite aceito!", description: "Você agora faz parte da equipe. Redirecionando..." });
    if (result?.ok) {
      if (refresh) {
        // Inside the app: the invitation leaves the banner, and the shell shows the new business at once.
        setList((l) => l.filter((i) => i.id !== inv.id));
        router.refresh();
      }
      setTimeout(() => router.replace("/"), 1000);
    } else setBusy(null);
  }

  async function decline(inv: PendingInvitation) {
    setBusy({ id: inv.id, action: "decline" });
    const result = await declineInvitationAction({ invitationId: inv.id }).catch(() => null);
    if (!result) networkFailureToast("Erro");
    else resultToast(result, { title: "Convite recusado", description: "O convite foi recusado.", variant: "default" });
    if (result?.ok) setList((l) => l.filter((i) => i.id !== inv.id));
    setBusy(null);
  }

  return { list, busy, accept, decline };
}

function AnswerButtons({ inv, busy, accept, decline, size }: { inv: PendingInvitation; busy: Busy; size?: "sm" } & Pick<ReturnType<typeof useInvitationAnswers>, "accept" | "decline">) {
  return (
    <>
      <Button variant="outline" size={size} onClick={() => decline(inv)} disabled={!!busy}>
        {busy?.id === inv.id && busy.action === "decline" ? <Spinner /> : <X aria-hidden />}
        Recusar
      </Button>
      <Button size={size} onClick={() => accept(inv)} disabled={!!busy}>
        {busy?.id === inv.id && busy.action === "accept" ? <Spinner /> : <Check aria-hidden />}
        Aceitar
      </Button>
    </>
  );
}

/** 'Você tem convites pendentes' on /auth: one card per invitation. */
export function PendingInvitationsList({ invitations }: { invitations: PendingInvitation[] }) {
  const { list, busy, accept, decline } = useInvitationAnswers(invitations, { refresh: false });
  if (!list.length) return null;

  return (
    <section aria-labelledby="pending-invitations-title" className="mx-auto grid w-full max-w-md gap-3">
      <h2 id="pending-invitations-title" className="text-lg font-semibold">
        Você tem convites pendentes
      </h2>
      {list.map((inv) => (
        <Card key={inv.id}>
          <CardHeader className="pb-3">
            <div className="flex items-start justify-between gap-3">
              <div className="flex min-w-0 items-start gap-2">
                <Building2 aria-hidden className="size-5 shrink-0 text-primary" />
                <CardTitle className="break-words">Convite para {inv.businessName}</CardTitle>
              </div>
              <Badge variant="secondary">{BUSINESS_ROLE_LABELS[inv.role]}</Badge>
            </div>
            <CardDescription>Expira em {formatDate(inv.expiresAt)}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            <AnswerButtons inv={inv} busy={busy} accept={accept} decline={decline} />
          </CardContent>
        </Card>
      ))}
    </section>
  );
}

/** The same invitations at the top of every page of the app shell: a banner, one row each. */
export function PendingInvitationsBanner({ invitations, className }: { invitations: PendingInvitation[]; className?: string }) {
  const { list, busy, accept, decline } = useInvitationAnswers(invitations, { refresh: true });
  if (!list.length) return null;

  return (
    <section aria-labelledby="pending-invitations-banner-title" className={className} data-testid="pending-invitations-banner">
      <div className="rounded-xl border border-primary/30 bg-primary/5 p-4">
        <h2 id="pending-invitations-banner-title" className="flex items-center gap-2 text-base font-semibold">
          <MailOpen aria-hidden className="size-5 shrink-0 text-primary" />
          Você tem convites pendentes
        </h2>
        <ul className="mt-3 grid gap-2">
          {list.map((inv) => (
            <li key={inv.id} className="flex flex-col gap-3 rounded-lg border bg-card p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="min-w-0 break-words font-medium">Convite para {inv.businessName}</span>
                  <Badge variant="secondary">{BUSINESS_ROLE_LABELS[inv.role]}</Badge>
                </p>
                <p className="text-sm text-muted-foreground">Expira em {formatDate(inv.expiresAt)}</p>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0">
                <AnswerButtons inv={inv} busy={busy} accept={accept} decline={decline} size="sm" />
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
