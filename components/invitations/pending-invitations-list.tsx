"use client";

import { Building2, Check, X } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { networkFailureToast, resultToast } from "@/components/form/action-toast";
import { BUSINESS_ROLE_LABELS } from "@/lib/auth/roles";
import { formatDate } from "@/lib/format/date";
import { acceptInvitationAction, declineInvitationAction } from "@/lib/invitations/actions";
import type { PendingInvitation } from "@/lib/invitations/queries";

export function PendingInvitationsList({ invitations }: { invitations: PendingInvitation[] }) {
  const router = useRouter();
  const [list, setList] = useState(invitations);
  const [busy, setBusy] = useState<{ id: string; action: "accept" | "decline" } | null>(null);
  if (!list.length) return null;

  async function accept(inv: PendingInvitation) {
    setBusy({ id: inv.id, action: "accept" });
    const result = await acceptInvitationAction({ invitationId: inv.id }).catch(() => null);
    if (!result) networkFailureToast("Erro");
    else resultToast(result, { title: "Convite aceito!", description: "Você agora faz parte da equipe. Redirecionando..." });
    if (result?.ok) setTimeout(() => router.replace("/"), 1000);
    else setBusy(null);
  }

  async function decline(inv: PendingInvitation) {
    setBusy({ id: inv.id, action: "decline" });
    const result = await declineInvitationAction({ invitationId: inv.id }).catch(() => null);
    if (!result) networkFailureToast("Erro");
    else resultToast(result, { title: "Convite recusado", description: "O convite foi recusado.", variant: "default" });
    if (result?.ok) setList((l) => l.filter((i) => i.id !== inv.id));
    setBusy(null);
  }

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
            <Button variant="outline" onClick={() => decline(inv)} disabled={!!busy}>
              {busy?.id === inv.id && busy.action === "decline" ? <Spinner /> : <X aria-hidden />}
              Recusar
            </Button>
            <Button onClick={() => accept(inv)} disabled={!!busy}>
              {busy?.id === inv.id && busy.action === "accept" ? <Spinner /> : <Check aria-hidden />}
              Aceitar
            </Button>
          </CardContent>
        </Card>
      ))}
    </section>
  );
}
