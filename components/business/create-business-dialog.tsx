"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { createBusinessAction } from "@/lib/businesses/actions";
import { rememberBusiness } from "./remember";

const EMPTY = { name: "", description: "", phone: "", email: "", address: "" };

/** 'Criar Negócio' dialog: the new business becomes the current one. */
export function CreateBusinessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const field = (key: keyof typeof EMPTY) => ({
    id: `business-${key}`,
    name: key,
    value: values[key],
    disabled: saving,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((v) => ({ ...v, [key]: e.target.value }));
      if (key === "name" && e.target.value.trim()) setNameError(null);
    },
  });

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    if (!values.name.trim()) {
      setNameError("Nome do negócio é obrigatório");
      toast({ title: "Erro", description: "Nome do negócio é obrigatório", variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const result = await createBusinessAction(values);
      if (!result.ok) {
        toast({ title: "Erro", description: result.error, variant: "destructive" });
        return;
      }
      rememberBusiness(result.id);
      toast({ title: "Sucesso", description: "Negócio criado com sucesso!", variant: "success" });
      setValues(EMPTY);
      onOpenChange(false);
      router.refresh();
    } catch {
      toast({ title: "Erro", description: "Erro inesperado ao criar negócio", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Criar Negócio</DialogTitle>
            <DialogDescription>Cadastre um novo negócio para gerenciar.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="business-name">Nome do Negócio *</Label>
            <Input {...field("name")} required aria-invalid={!!nameError} aria-describedby={nameError ? "business-name-error" : undefined} autoFocus />
            <FieldError id="business-name-error">{nameError}</FieldError>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="business-description">Descrição</Label>
            <Textarea {...field("description")} rows={3} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="business-phone">Telefone</Label>
              <Input {...field("phone")} type="tel" placeholder="(11) 99999-9999" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="business-email">E-mail</Label>
              <Input {...field("email")} type="email" />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="business-address">Endereço</Label>
            <Input {...field("address")} />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" disabled={saving}>
              {saving && <Spinner />}
              {saving ? "Criando..." : "Criar Negócio"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
