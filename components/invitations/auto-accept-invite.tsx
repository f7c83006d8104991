"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/toaster";
import { acceptInvitationAction } from "@/lib/invitations/actions";

// Once per page load, whatever React does with effects (strict mode runs them twice in development).
const attempted = new Set<string>();

/**
 * Signed in with ?invite= (the e-mailed link): accepts the invitation once, then goes home. The
 * link's secret proves an unconfirmed address; without it the address must be confirmed already.
 * Errors are only logged (spec).
 */
export function AutoAcceptInvite({ invitationId, secret }: { invitationId: string; secret: string | null }) {
  const router = useRouter();
  useEffect(() => {
    if (!invitationId || attempted.has(invitationId)) return;
    attempted.add(invitationId);
    acceptInvitationAction({ invitationId, key: secret ?? undefined })
      .then((result) => {
        if (!result.ok) {
          console.error("Convite não aceito automaticamente:", result.description ?? result.error);
          return;
        }
        toast({
          title: "Convite aceito automaticamente!",
          description: `Você agora faz parte da equipe da ${result.businessName || "empresa"}.`,
          variant: "success",
        });
        // The action refreshed the session's claims, so the next request already sees the membership.
        setTimeout(() => router.replace("/"), 1000);
      })
      .catch((e) => console.error("Erro ao aceitar convite automaticamente", e));
  }, [invitationId, secret, router]);
  return null;
}
