"use client";

import { useRouter } from "next/navigation";
import { Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { inviteMemberAction } from "@/lib/team/actions";
import { INVITE_MESSAGES, inviteEmailError, inviteMemberSchema, normaliseInviteEmail } from "@/lib/team/schemas";

type Props = { businessId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Invite dialog. The form mounts fresh at each opening; the e-mail is checked on change and on blur. */
export function InviteDialog({ businessId, open, onOpenChange }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <InviteForm businessId={businessId} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function InviteForm({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const router = useRouter();
  const { form, onSubmit, pending } = useActionForm({
    schema: inviteMemberSchema,
    defaultValues: { email: "" },
    mode: "all",
    action: (values) => inviteMemberAction({ ...values, businessId }),
    success: (result, values) => {
      const email = normaliseInviteEmail(values.email);
      return result.reused
        ? { title: "Convite reativado", description: `O convite enviado há pouco para ${email} voltou a valer. Nenhum novo email foi enviado.` }
        : { title: "Convite enviado!", description: `Enviamos um convite para ${email}.` };
    },
    error: INVITE_MESSAGES.failed,
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  // Sending stays disabled while the typed address is not acceptable (spec section 5).
  const acceptable = inviteEmailError(form.watch("email")) === null;
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>Convidar Membro</DialogTitle>
        <DialogDescription>A pessoa receberá um e-mail com o link para entrar na equipe como Colaborador.</DialogDescription>
      </DialogHeader>
      <TextField
        name="email"
        id="invite-email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="colaborador@exemplo.com"
        autoFocus
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText="Enviando..." disabled={!acceptable}>
          Enviar Convite
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
