"use client";

import { useRouter } from "next/navigation";
import { Controller, useWatch } from "react-hook-form";
import { z } from "zod";
import { ClientCombobox } from "@/components/appointments/client-combobox";
import { DialogActions, FieldShell, Form, FormDialog, FormDialogHeader, useActionForm } from "@/components/form";
import { useWrite } from "@/components/live/use-write";
import { Checkbox } from "@/components/ui/checkbox";
import { mergeClientsAction } from "@/lib/clients/actions";
import { CLIENT_MESSAGES, mergedText } from "@/lib/clients/messages";

type Client = { id: string; name: string };
type Props = { businessId: string; client: Client; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Mesclar' on the client's page (owner only): the client picked is removed, its history passes to this one. */
export function MergeClientDialog({ businessId, client, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <MergeForm businessId={businessId} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function MergeForm({ businessId, client, onDone }: { businessId: string; client: Client; onDone: () => void }) {
  const router = useRouter();
  const merge = useWrite(mergeClientsAction);
  const schema = z
    .object({
      merged: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
      confirmed: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (!v.merged) ctx.addIssue({ code: "custom", path: ["merged"], message: CLIENT_MESSAGES.mergePick });
      else if (v.merged.id === client.id) ctx.addIssue({ code: "custom", path: ["merged"], message: CLIENT_MESSAGES.mergeSame });
      else if (!v.confirmed) ctx.addIssue({ code: "custom", path: ["confirmed"], message: CLIENT_MESSAGES.mergeConfirm });
    });
  const { form, onSubmit, pending } = useActionForm({
    schema,
    defaultValues: { merged: null, confirmed: false },
    mode: "onSubmit",
    action: (v) => merge({ businessId, id: client.id, mergedId: v.merged?.id ?? "" }),
    success: (r, v) => ({ title: CLIENT_MESSAGES.merged, description: mergedText(v.merged?.name ?? "", client.name, r.appointments) }),
    error: CLIENT_MESSAGES.mergeError,
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  const merged = useWatch({ control: form.control, name: "merged" });
  const other = merged && merged.id !== client.id ? merged : null;
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader
        title="Mesclar clientes"
        description={`Junte um cadastro duplicado a ${client.name}. ${client.name} continua; o outro cliente é excluído.`}
      />
      <Controller
        control={form.control}
        name="merged"
        render={({ field, fieldState }) => (
          <FieldShell id="merge-client" label="Cliente que será removido *" error={fieldState.error?.message}>
            <ClientCombobox
              id="merge-client"
              businessId={businessId}
              value={field.value ?? null}
              onChange={(c) => {
                field.onChange(c);
                form.setValue("confirmed", false);
              }}
              invalid={!!fieldState.error}
              describedBy={fieldState.error ? "merge-client-error" : undefined}
            />
          </FieldShell>
        )}
      />
      {other && (
        <div className="grid gap-3 rounded-md border border-warning/60 bg-warning/10 p-3 text-sm" data-testid="merge-summary">
          <ul className="grid gap-1">
            <li>
              <span className="font-medium">Continua:</span> {client.name}
            </li>
            <li>
              <span className="font-medium">Será removido:</span> {other.name}
            </li>
          </ul>
          <p>
            Os agendamentos, a lista de espera, as conversas e as observações de {other.name} passam para {client.name}. Telefone e e-mail de{" "}
            {other.name} completam os de {client.name} quando faltarem. Não é possível desfazer.
          </p>
          <Controller
            control={form.control}
            name="confirmed"
            render={({ field, fieldState }) => (
              <div className="grid gap-1">
                <label className="flex min-h-11 items-center gap-2">
                  <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} aria-invalid={!!fieldState.error || undefined} />
                  <span>Confirmo: excluir {other.name} e manter {client.name}</span>
                </label>
                {fieldState.error && <p className="text-sm text-destructive">{fieldState.error.message}</p>}
              </div>
            )}
          />
        </div>
      )}
      <DialogActions pending={pending} pendingText="Mesclando..." onCancel={onDone}>
        Mesclar
      </DialogActions>
    </Form>
  );
}
