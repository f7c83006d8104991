"use client";

import { AlertTriangle, RefreshCw, Trash2 } from "lucide-react";
import { useState } from "react";
import { useWrite } from "@/components/live/use-write";
import { ActionConfirmDialog, Form, SubmitButton, TextField, useActionForm } from "@/components/form";
import { CopyField } from "@/components/online-booking/copy-button";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { removePixPspAction, renewPixWebhookSecretAction, savePixSettingsAction } from "@/lib/pix/settings-actions";
import { PIX_SETTINGS_MESSAGES as MSG } from "@/lib/pix/settings-messages";
import { defaultTokenUrl, type PixSettingsFields } from "@/lib/pix/settings-schemas";
import type { PixSettingsView } from "@/lib/pix/settings";

const PEM_CLASS = "font-mono text-xs md:text-xs";

/** The 'Pix' card's form, and the PSP's webhook (address and secret) to register at the PSP. */
export function PixSettings({ businessId, settings }: { businessId: string; settings: PixSettingsView | null }) {
  const save = useWrite(savePixSettingsAction);
  const removePsp = useWrite(removePixPspAction);
  const renewSecret = useWrite(renewPixWebhookSecretAction);
  const [confirming, setConfirming] = useState<"remove" | "renew" | null>(null);
  const stored = settings?.psp ?? null;
  const { form, onSubmit, pending } = useActionForm({
    schema: () => import("@/lib/pix/settings-schemas").then((m) => m.pixSettingsSchema),
    defaultValues: {
      pixKey: settings?.pixKey ?? "",
      merchantName: settings?.merchantName ?? "",
      merchantCity: settings?.merchantCity ?? "",
      psp: !!stored,
      pspBaseUrl: stored?.baseUrl ?? "",
      pspTokenUrl: stored?.tokenUrl ?? "",
      pspClientId: stored?.clientId ?? "",
      pspClientSecret: "",
      pspCertificate: "",
      pspPrivateKey: "",
    } satisfies PixSettingsFields,
    action: (values) => save({ ...values, businessId }),
    error: MSG.saveError,
    success: (r) => ({ title: MSG.saved, description: r.psp ? MSG.savedPsp : MSG.savedStatic }),
    // The secrets typed leave the form once saved: the page shows only that they are kept.
    onSuccess: (_r, values) => form.reset({ ...values, pspClientSecret: "", pspCertificate: "", pspPrivateKey: "" }),
  });
  const pspOpen = form.watch("psp");
  const baseUrl = form.watch("pspBaseUrl");
  const keeps = stored?.readable ?? false;

  return (
    <div className="grid gap-6">
      <Form form={form} onSubmit={onSubmit} aria-label="Pix" className="content-start">
        <TextField
          name="pixKey"
          label="Chave Pix"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          hint="CPF, CNPJ, celular com DDD, e-mail ou chave aleatória, a da conta que recebe."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField name="merchantName" label="Nome do recebedor" autoComplete="off" maxLength={25} hint="Como aparece no app do banco de quem paga: até 25 caracteres." />
          <TextField name="merchantCity" label="Cidade" autoComplete="off" maxLength={15} hint="A cidade da conta: até 15 caracteres." />
        </div>

        <fieldset className="grid gap-4 rounded-lg border p-4" aria-describedby="pix-psp-about">
          <legend className="px-1 text-sm font-medium">Cobrança com confirmação automática (PSP)</legend>
          <p id="pix-psp-about" className="text-sm text-muted-foreground">
            Opcional. Com um PSP (banco ou instituição de pagamento com a API Pix do Banco Central), cada cobrança tem um QR code
            próprio e fica paga sozinha, quando o PSP avisa. Sem PSP, a cobrança usa um QR code com o valor e quem atende confirma o
            recebimento.
          </p>
          {stored && !stored.readable && (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden />
              <AlertDescription>{MSG.unreadable}</AlertDescription>
            </Alert>
          )}
          {pspOpen ? (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField name="pspBaseUrl" label="URL da API" type="url" inputMode="url" autoComplete="off" spellCheck={false} placeholder="https://pix.seubanco.com.br/api/v2" />
                <TextField
                  name="pspTokenUrl"
                  label="URL do token (OAuth2)"
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  hint={`Opcional. Em branco: ${(baseUrl && defaultTokenUrl(baseUrl)) || "https://<endereço da API>/oauth/token"}`}
                />
                <TextField name="pspClientId" label="Client ID" autoComplete="off" spellCheck={false} />
                <TextField
                  name="pspClientSecret"
                  label="Client secret"
                  password
                  autoComplete="new-password"
                  spellCheck={false}
                  hint={keeps ? `${MSG.keepBlank}.` : undefined}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  name="pspCertificate"
                  label="Certificado (PEM)"
                  multiline
                  rows={4}
                  spellCheck={false}
                  className={PEM_CLASS}
                  placeholder="-----BEGIN CERTIFICATE-----"
                  hint={keeps && stored?.hasCertificate ? `Certificado salvo. ${MSG.keepBlank}.` : "Opcional: só para PSPs que pedem mTLS."}
                />
                <TextField
                  name="pspPrivateKey"
                  label="Chave privada (PEM)"
                  multiline
                  rows={4}
                  spellCheck={false}
                  className={PEM_CLASS}
                  placeholder="-----BEGIN PRIVATE KEY-----"
                  hint={keeps && stored?.hasCertificate ? `Chave salva. ${MSG.keepBlank}.` : "Opcional: a chave do certificado, sem senha."}
                />
              </div>
              {!stored && (
                <div>
                  <Button variant="ghost" size="sm" onClick={() => form.setValue("psp", false)} disabled={pending}>
                    Não usar PSP
                  </Button>
                </div>
              )}
            </>
          ) : (
            <div>
              <Button variant="outline" size="sm" onClick={() => form.setValue("psp", true)} disabled={pending}>
                Configurar PSP
              </Button>
            </div>
          )}
        </fieldset>
        <div>
          <SubmitButton pending={pending} pendingText="Salvando...">Salvar</SubmitButton>
        </div>
      </Form>

      {stored && (
        <section aria-labelledby="pix-webhook-title" className="grid gap-3 rounded-lg border p-4" data-testid="pix-webhook">
          <h3 id="pix-webhook-title" className="text-sm font-medium">Webhook do PSP</h3>
          <p className="text-sm text-muted-foreground">
            Cadastre no PSP este endereço e este segredo: o PSP avisa cada pagamento nele, assinado com o segredo, e a cobrança fica
            paga na hora.
          </p>
          <div className="grid gap-2">
            <span className="text-sm font-medium">Endereço do webhook</span>
            <CopyField value={stored.webhookUrl} label="Endereço do webhook" copiedToast="Endereço copiado" />
          </div>
          {stored.webhookSecret && (
            <div className="grid gap-2">
              <span className="text-sm font-medium">Segredo do webhook</span>
              <CopyField value={stored.webhookSecret} label="Segredo do webhook" copiedToast="Segredo copiado" />
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            {stored.readable && (
              <Button variant="outline" size="sm" onClick={() => setConfirming("renew")}>
                <RefreshCw aria-hidden />
                Gerar novo segredo
              </Button>
            )}
            <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={() => setConfirming("remove")}>
              <Trash2 aria-hidden />
              Remover PSP
            </Button>
          </div>
        </section>
      )}

      <ActionConfirmDialog
        open={confirming === "renew"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Gerar novo segredo"
        description="O segredo atual deixa de valer na hora: avisos do PSP assinados com ele são recusados até você cadastrar o novo no PSP."
        confirmLabel="Gerar novo segredo"
        run={() => renewSecret({ businessId })}
        success={{ title: MSG.secretRenewed, description: MSG.secretRenewedDescription }}
        error={MSG.renewError}
      />
      <ActionConfirmDialog
        open={confirming === "remove"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Remover PSP"
        description="As credenciais do PSP são apagadas e as novas cobranças por Pix voltam a usar o QR code com o valor, confirmado por quem atende."
        confirmLabel="Remover PSP"
        destructive
        run={() => removePsp({ businessId })}
        success={{ title: MSG.pspRemoved, description: MSG.pspRemovedDescription }}
        error={MSG.removeError}
      />
    </div>
  );
}
