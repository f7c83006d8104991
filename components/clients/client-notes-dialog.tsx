"use client";

import { useWrite } from "@/components/live/use-write";
import { DialogActions, Form, FormDialog, FormDialogHeader, TextField, useActionForm } from "@/components/form";
import { updateClientNotesAction } from "@/lib/clients/actions";
import { CLIENT_MESSAGES } from "@/lib/clients/messages";
import { CLIENT_NOTES_MAX, clientNotesSchema } from "@/lib/clients/schemas";

type Client = { id: string; name: string; notes: string | null };
type Props = { businessId: string; client: Client; open: boolean; onOpenChange: (open: boolean) => void };

/** 'Editar observações' on the client's page; a failed save keeps what was typed. */
export function ClientNotesDialog({ businessId, client, open, onOpenChange }: Props) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <NotesForm businessId={businessId} client={client} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NotesForm({ businessId, client, onDone }: { businessId: string; client: Client; onDone: () => void }) {
  const saveNotes = useWrite(updateClientNotesAction);
  const { form, onSubmit, pending } = useActionForm({
    schema: clientNotesSchema,
    defaultValues: { id: client.id, notes: client.notes ?? "" },
    action: (values) => saveNotes({ ...values, notes: values.notes ?? "", businessId }),
    success: { title: CLIENT_MESSAGES.notesSaved },
    error: CLIENT_MESSAGES.notesError,
    // The action revalidates this page, so the card shows the saved text.
    onSuccess: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormDialogHeader title="Observações" description={`Anotações da equipe sobre ${client.name}: preferências, alergias, o que combinar.`} />
      <TextField name="notes" label="Observações" multiline rows={6} maxLength={CLIENT_NOTES_MAX} autoFocus />
      <DialogActions pending={pending} onCancel={onDone}>
        Salvar
      </DialogActions>
    </Form>
  );
}
