"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/ui/toaster";
import { acceptInvitationAction } from "@/lib/invitations/actions";

// Once per page load, whatever React does with effects (strict mode runs them twice in development).
const attempted = new Set<string>();

/**
 * Signed in with ?invite= (the e-mailed link, which proves the address): accepts the invitation
 * once, then goes home. Errors are only logged (spec).
 */
export function AutoAcceptInvite({ invitationId }: { invitationId: string }) {
  const router = useRouter();
  useEffect(() => {
    if (!invitationId || attempted.has(invitationId)) return;
    attempted.add(invitationId);
    acceptInvitationAction({ invitationId, proof: "link" })
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
  }, [invitationId, router]);
  return null;
}
