"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SwitchField, useActionForm } from "@/components/form";
import { GRANT_LABELS, GRANTS } from "@/lib/auth/permissions";
import { displayName } from "@/lib/core/format/phone";
import { setMemberGrantsAction } from "@/lib/team/actions";
import type { TeamMember } from "@/lib/team/queries";
import { memberGrantsSchema, TEAM_MESSAGES } from "@/lib/team/schemas";

type Props = { businessId: string; member: TeamMember | null; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Permissões' of an employee: what they may do beyond booking, one switch per grant. */
export function MemberGrantsDialog({ businessId, member, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      {member && <MemberGrantsForm businessId={businessId} member={member} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function MemberGrantsForm({ businessId, member, onDone }: { businessId: string; member: TeamMember; onDone: () => void }) {
  const save = useWrite(setMemberGrantsAction);
  const router = useRouter();
  const name = displayName(member);
  const { form, onSubmit, pending } = useActionForm({
    schema: memberGrantsSchema,
    defaultValues: { memberId: member.userId, grants: Object.fromEntries(GRANTS.map((g) => [g, member.grants.includes(g)])) as Record<(typeof GRANTS)[number], boolean> },
    action: (values) => save({ ...values, businessId }),
    success: { title: "Permissões salvas", description: `${name} já trabalha com as novas permissões.` },
    error: TEAM_MESSAGES.grantsFailed,
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title={`Permissões de ${name}`}
        description="Além de agendar, o que este colaborador pode fazer. Proprietário e administradores podem tudo."
      />
      {GRANTS.map((g) => (
        <SwitchField key={g} name={`grants.${g}`} label={GRANT_LABELS[g].label} hint={GRANT_LABELS[g].description} disabled={pending} />
      ))}
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
