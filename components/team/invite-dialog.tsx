"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { inviteMemberAction } from "@/lib/team/actions";
import { INVITE_MESSAGES, inviteEmailError, inviteMemberSchema, normaliseInviteEmail } from "@/lib/team/schemas";

type Props = { businessId: string; open: boolean; onOpenChange: (open: boolean) => void };

/** Invite dialog. The form mounts fresh at each opening; the e-mail is checked on change and on blur. */
export function InviteDialog({ businessId, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <InviteForm businessId={businessId} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function InviteForm({ businessId, onDone }: { businessId: string; onDone: () => void }) {
  const invite = useWrite(inviteMemberAction);
  const router = useRouter();
  const { form, onSubmit, pending } = useActionForm({
    schema: inviteMemberSchema,
    defaultValues: { email: "" },
    mode: "all",
    action: (values) => invite({ ...values, businessId }),
    success: (result, values) => {
      const email = normaliseInviteEmail(values.email);
      return result.reused
        ? { title: "Convite reativado", description: `O convite enviado há pouco para ${email} voltou a valer. Nenhum novo e-mail foi enviado.` }
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
      <FormDialogHeader title="Convidar Membro" description="A pessoa receberá um e-mail com o link para entrar na equipe como Colaborador." />
      <TextField
        name="email"
        id="invite-email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="off"
        placeholder="colaborador@exemplo.com"
        autoFocus
      />
      <DialogActions pending={pending} pendingText="Enviando..." disabled={!acceptable} onCancel={onDone}>
        Enviar Convite
      </DialogActions>
    </Form>
  );
}
