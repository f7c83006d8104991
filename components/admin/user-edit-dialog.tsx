"use client";

import { DialogActions, Form, FormDialog, FormDialogHeader, SelectField, TextField, useActionForm } from "@/components/form";
import { updateUserAction } from "@/lib/admin/actions";
import type { AdminUser } from "@/lib/admin/queries";
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_RANK, MESSAGES } from "@/lib/admin/messages";
import { userInputSchema } from "@/lib/admin/schemas";

const ROLE_OPTIONS = GLOBAL_ROLE_RANK.map((r) => ({ value: r, label: GLOBAL_ROLE_LABELS[r] }));

/** Edit a user's full name, company, phone and global role. */
export function UserEditDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <FormDialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      {user && <UserForm key={user.id} user={user} onDone={onClose} />}
    </FormDialog>
  );
}

function UserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { form, onSubmit, pending } = useActionForm({
    schema: userInputSchema,
    defaultValues: { fullName: user.fullName ?? "", companyName: user.companyName ?? "", phone: user.phone ?? "", role: user.role },
    action: (values) => updateUserAction({ ...values, id: user.id }),
    success: { title: MESSAGES.updateUserSuccess },
    error: MESSAGES.updateUserError,
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title="Editar Usuário" description={user.email} />
      <TextField name="fullName" id="user-fullName" label="Nome completo" />
      <TextField name="companyName" id="user-company" label="Empresa" />
      <TextField name="phone" id="user-phone" label="Telefone" type="tel" placeholder="(11) 99999-9999" />
      <SelectField name="role" id="user-role" label="Papel" options={ROLE_OPTIONS} />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
