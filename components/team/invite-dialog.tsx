"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { inviteMemberAction } from "@/lib/team/actions";
import { INVITE_MESSAGES, inviteEmailError, normaliseInviteEmail } from "@/lib/team/schemas";

/** Invite dialog: the e-mail is checked on change and on blur; sending is disabled while it is not acceptable. */
export function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const invalid = inviteEmailError(email) !== null;

  function close(next: boolean) {
    if (sending) return;
    if (!next) {
      setEmail("");
      setError(null);
      setTouched(false);
    }
    onOpenChange(next);
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const problem = inviteEmailError(email);
    setTouched(true);
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      const result = await inviteMemberAction(normaliseInviteEmail(email));
      if (!result.ok) {
        toast({ title: "Erro", description: result.error || INVITE_MESSAGES.failed, variant: "destructive" });
        return;
      }
      if (result.reused) {
        toast({
          title: "Convite reativado",
          description: `O convite enviado há pouco para ${normaliseInviteEmail(email)} voltou a valer. Nenhum novo email foi enviado.`,
          variant: "success",
        });
      } else {
        toast({ title: "Convite enviado!", description: `Enviamos um convite para ${normaliseInviteEmail(email)}.`, variant: "success" });
      }
      setSending(false);
      close(false);
      router.refresh();
    } catch {
      toast({ title: "Erro", description: INVITE_MESSAGES.failed, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Convidar Membro</DialogTitle>
            <DialogDescription>A pessoa receberá um e-mail com o link para entrar na equipe como Colaborador.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="colaborador@exemplo.com"
              value={email}
              disabled={sending}
              aria-invalid={touched && !!error}
              aria-describedby={touched && error ? "invite-email-error" : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setTouched(true);
                setError(inviteEmailError(e.target.value));
              }}
              onBlur={() => {
                setTouched(true);
                setError(inviteEmailError(email));
              }}
              autoFocus
            />
            <FieldError id="invite-email-error">{touched ? error : null}</FieldError>
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={sending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!email.trim() || invalid || sending}>
              {sending && <Spinner />}
              {sending ? "Enviando..." : "Enviar Convite"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
