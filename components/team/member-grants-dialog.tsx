"use client";

import { useRouter } from "next/navigation";
import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, SwitchField, useActionForm } from "@/components/form";
import { GRANT_LABELS, GRANTS } from "@/lib/auth/permissions";
import { displayName } from "@/lib/core/format/phone";
import { setMemberGrantsAction } from "@/lib/team/actions";
import type { TeamMember } from "@/lib/team/queries";
import { memberGrantsSchema, NO_PROFESSIONAL, TEAM_MESSAGES } from "@/lib/team/schemas";

type Professional = { id: string; name: string };
type Props = { businessId: string; member: TeamMember | null; professionals: Professional[]; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * 'Permissões' of an employee: what they may do beyond booking, one switch per grant, and the
 * professional linked to them (whose agenda they see without 'Ver a agenda dos outros profissionais').
 */
export function MemberGrantsDialog({ businessId, member, professionals, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      {member && <MemberGrantsForm businessId={businessId} member={member} professionals={professionals} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  );
}

function MemberGrantsForm({ businessId, member, professionals, onDone }: { businessId: string; member: TeamMember; professionals: Professional[]; onDone: () => void }) {
  const save = useWrite(setMemberGrantsAction);
  const router = useRouter();
  const name = displayName(member);
  const { form, onSubmit, pending } = useActionForm({
    schema: memberGrantsSchema,
    defaultValues: {
      memberId: member.userId,
      grants: Object.fromEntries(GRANTS.map((g) => [g, member.grants.includes(g)])) as Record<(typeof GRANTS)[number], boolean>,
      professionalId: member.professionalId ?? NO_PROFESSIONAL,
    },
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
      <SelectField
        name="professionalId"
        id="member-professional"
        label="Profissional vinculado"
        hint="Sem a agenda dos outros, este colaborador vê só os horários deste profissional."
        options={[{ value: NO_PROFESSIONAL, label: "Nenhum" }, ...professionals.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
