import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { leadLabel } from "@/lib/notifications/messages";
import { reminderSettings } from "@/lib/notifications/queries";
import { whatsAppConfig } from "@/lib/notifications/whatsapp";
import { RemindersEdit } from "./reminders-edit";

const onOff = (v: boolean) => (v ? "Ligado" : "Desligado");

/**
 * 'Lembretes' on Meus Dados (an owner route; the save action checks the owner again): what is set,
 * read on the server, and 'Editar lembretes' for the form.
 */
export async function RemindersCard({ businessId, userId }: { businessId: string; userId: string }) {
  const settings = await reminderSettings(businessId, userId).catch((e) => {
    console.error("[lembretes] cartão", e);
    return null;
  });
  const rows: [string, string][] = settings
    ? [
        ["Lembretes aos clientes", onOff(settings.remindersEnabled)],
        ["Quando", [settings.firstLead, settings.secondLead].filter((m): m is number => typeof m === "number").map(leadLabel).join(" e ")],
        ["Canais", [settings.email && "E-mail", settings.whatsapp && "WhatsApp"].filter(Boolean).join(" e ")],
        ["Avisos aos proprietários por e-mail", onOff(settings.ownerEmails)],
        ["Seu resumo do dia às 07:00", onOff(!!settings.dailySummary)],
      ]
    : [];
  return (
    <Card className="mt-6" data-testid="reminders-card">
      <CardHeader>
        <CardTitle>Lembretes</CardTitle>
        <CardDescription>
          Lembretes por e-mail ou WhatsApp antes de cada horário, com os links &apos;Confirmar presença&apos; e &apos;Preciso cancelar&apos;; e
          os avisos do que os clientes fazem sozinhos.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings ? (
          <>
            <dl className="grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
              {rows.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd className="font-medium" data-testid={`reminders-${k}`}>{v}</dd>
                </div>
              ))}
            </dl>
            <div>
              <RemindersEdit businessId={businessId} settings={settings} whatsAppConfigured={whatsAppConfig() !== null} />
            </div>
          </>
        ) : (
          <p className="text-sm text-destructive">Não foi possível carregar os lembretes.</p>
        )}
      </CardContent>
    </Card>
  );
}
