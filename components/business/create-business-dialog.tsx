"use client";

import { useRouter } from "next/navigation";
import { failureToast, Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { createBusinessAction } from "@/lib/businesses/actions";
import { BUSINESS_MESSAGES, createBusinessSchema } from "@/lib/businesses/schemas";
import { rememberBusiness } from "./remember";

/** 'Criar Negócio' dialog: the new business becomes the current one. The form mounts fresh at each opening. */
export function CreateBusinessDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <CreateBusinessForm onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function CreateBusinessForm({ onDone }: { onDone: () => void }) {
  const router = useRouter();
  const { form, onSubmit, pending } = useActionForm({
    schema: createBusinessSchema,
    defaultValues: { name: "", description: "", phone: "", email: "", address: "" },
    action: createBusinessAction,
    success: { title: "Sucesso", description: "Negócio criado com sucesso!" },
    error: BUSINESS_MESSAGES.createUnexpected,
    onInvalid: (errors) => failureToast({ error: "Erro", description: Object.values(errors)[0]?.message }),
    onSuccess: (result) => {
      rememberBusiness(result.id);
      onDone();
      router.refresh();
    },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <DialogHeader>
        <DialogTitle>Criar Negócio</DialogTitle>
        <DialogDescription>Cadastre um novo negócio para gerenciar.</DialogDescription>
      </DialogHeader>
      <TextField name="name" id="business-name" label="Nome do Negócio *" autoFocus />
      <TextField name="description" id="business-description" label="Descrição" multiline rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="phone" id="business-phone" label="Telefone" type="tel" placeholder="(11) 99999-9999" />
        <TextField name="email" id="business-email" label="E-mail" type="email" />
      </div>
      <TextField name="address" id="business-address" label="Endereço" />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} pendingText="Criando...">
          Criar Negócio
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
