"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { updateUserAction } from "@/lib/admin/actions";
import type { AdminUser } from "@/lib/admin/queries";
import { GLOBAL_ROLE_LABELS, GLOBAL_ROLE_RANK } from "@/lib/admin/schemas";
import type { GlobalRole } from "@/lib/auth/roles";
import { failToast } from "./notify";

/** Edit a user's full name, company, phone and global role. */
export function UserEditDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Dialog open={!!user} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{user && <UserForm key={user.id} user={user} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function UserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const [fullName, setFullName] = useState(user.fullName ?? "");
  const [companyName, setCompanyName] = useState(user.companyName ?? "");
  const [phone, setPhone] = useState(user.phone ?? "");
  const [role, setRole] = useState<GlobalRole>(user.role);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const result = await updateUserAction(user.id, { fullName, companyName, phone, role });
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        failToast(result.error, result.description);
        return;
      }
      toast({ title: "Usuário atualizado com sucesso!", variant: "success" });
      onDone();
    } catch {
      failToast("Erro ao atualizar usuário");
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Editar Usuário</DialogTitle>
        <DialogDescription>{user.email}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="user-fullName">Nome completo</Label>
        <Input id="user-fullName" value={fullName} onChange={(e) => setFullName(e.target.value)} aria-invalid={!!errors.fullName || undefined} />
        <FieldError>{errors.fullName}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-company">Empresa</Label>
        <Input id="user-company" value={companyName} onChange={(e) => setCompanyName(e.target.value)} aria-invalid={!!errors.companyName || undefined} />
        <FieldError>{errors.companyName}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-phone">Telefone</Label>
        <Input id="user-phone" type="tel" placeholder="(11) 99999-9999" value={phone} onChange={(e) => setPhone(e.target.value)} aria-invalid={!!errors.phone || undefined} />
        <FieldError>{errors.phone}</FieldError>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user-role">Papel</Label>
        <Select value={role} onValueChange={(v) => setRole(v as GlobalRole)}>
          <SelectTrigger id="user-role">
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
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          {saving ? "Salvando..." : "Salvar"}
        </Button>
      </DialogFooter>
    </form>
  );
}
