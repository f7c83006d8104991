"use client";

import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog, Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { preloadable } from "@/components/ui/preloadable";
import { createApiKeyAction, revokeApiKeyAction } from "@/lib/conversations/actions";
import type { ApiKeyRow } from "@/lib/conversations/api-keys";
import { API_KEY_MESSAGES } from "@/lib/conversations/messages";
import { formatDateTime } from "@/lib/core/format/date";

import type { Created } from "./created-key-dialog";

// The dialog (Radix, with its focus trap and scroll lock) loads with the first key made.
const CreatedKeyDialog = preloadable(() => import("./created-key-dialog").then((m) => m.CreatedKeyDialog));

/** Create (the key shown once, with a copy button), list and revoke the business's API keys. */
export function ApiKeysManager({ businessId, keys }: { businessId: string; keys: ApiKeyRow[] }) {
  const createKey = useWrite(createApiKeyAction);
  const revokeKey = useWrite(revokeApiKeyAction);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const createdLoaded = useOpenedOnce(created !== null);
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/conversations/schemas").then((m) => m.createApiKeySchema),
    defaultValues: { name: "" },
    action: (values) => createKey({ ...values, businessId }),
    error: API_KEY_MESSAGES.createError,
    onSuccess: (result, values) => {
      setCreated({ name: values.name.trim(), key: result.key });
      form.reset({ name: "" });
    },
  });

  return (
    <div className="grid gap-5">
      <Form form={form} onSubmit={onSubmit} className="sm:grid-cols-[1fr_auto] sm:items-start" aria-label="Nova chave de API">
        <TextField name="name" label="Nome da chave" placeholder="Ex.: Bot do WhatsApp" autoComplete="off" maxLength={60} />
        <SubmitButton pending={pending} pendingText="Criando..." className="sm:mt-6">
          <Plus aria-hidden />
          Criar chave
        </SubmitButton>
      </Form>

      {keys.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma chave criada ainda.</p>
      ) : (
        <ul role="list" aria-label="Chaves de API" className="divide-y rounded-md border">
          {keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3" data-testid="api-key">
              <KeyRound aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{k.name}</span>
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs font-normal text-muted-foreground">…{k.hint}</code>
                  {k.revokedAt ? <Badge variant="destructive">Revogada</Badge> : <Badge variant="success">Ativa</Badge>}
                </p>
                <p className="text-xs text-muted-foreground">
                  Criada em {formatDateTime(k.createdAt)} · {k.lastUsedAt ? `Último uso em ${formatDateTime(k.lastUsedAt)}` : "Nunca usada"}
                  {k.revokedAt && ` · Revogada em ${formatDateTime(k.revokedAt)}`}
                </p>
              </div>
              {!k.revokedAt && (
                <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setRevoking(k)} aria-label={`Revogar ${k.name}`}>
                  Revogar
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}

      {createdLoaded && <CreatedKeyDialog key={created?.key ?? "none"} created={created} onClose={() => setCreated(null)} />}
      <ActionConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revogar chave"
        description={`Tem certeza que deseja revogar a chave "${revoking?.name ?? ""}"? O bot que a usa deixará de conseguir enviar conversas. Esta ação não pode ser desfeita.`}
        confirmLabel="Revogar"
        destructive
        run={() => revokeKey({ businessId, id: revoking!.id })}
        success={{ title: API_KEY_MESSAGES.revoked, description: API_KEY_MESSAGES.revokedDescription }}
        error={API_KEY_MESSAGES.revokeError}
      />
    </div>
  );
}
