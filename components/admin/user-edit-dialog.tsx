"use client";

import { Form, FormField, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { updateUserAction } from "@/lib/admin/actions";
import type { AdminUser } from "@/lib/admin/queries";
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_RANK, MESSAGES, userInputSchema } from "@/lib/admin/schemas";

/** Edit a user's full name, company, phone and global role. */
export function UserEditDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user && <UserForm key={user.id} user={user} onDone={onClose} />}</DialogContent>
    </Dialog>
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
      <DialogHeader>
        <DialogTitle>Editar Usuário</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <TextField name="fullName" id="user-fullName" label="Nome completo" />
      <TextField name="companyName" id="user-company" label="Empresa" />
      <TextField name="phone" id="user-phone" label="Telefone" type="tel" placeholder="(11) 99999-9999" />
      <FormField
        name="role"
        id="user-role"
        label="Papel"
        render={(field, a11y) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger {...a11y}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {GLOBAL_ROLE_RANK.map((r) => (
                <SelectItem key={r} value={r}>
                  {GLOBAL_ROLE_LABELS[r]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText="Salvando...">
          Salvar
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
