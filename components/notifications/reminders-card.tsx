import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { leadLabel, noCancelLinkText } from "@/lib/notifications/messages";
import { reminderSettings } from "@/lib/notifications/queries";
import { onlineSettings } from "@/lib/online-booking/queries";
import { whatsAppConfig } from "@/lib/notifications/whatsapp";
import { NoCancelLinkNote } from "./no-cancel-link-note";
import { RemindersEdit } from "./reminders-edit";

const onOff = (v: boolean) => (v ? "Ligado" : "Desligado");

/**
 * 'Lembretes' on Meus Dados (an owner route; the save action checks the owner again): what is set,
 * read on the server, which reminders go without 'Preciso cancelar' (a lead time not longer than the
 * online booking's cancel notice: the reminder leaves the link out as it is sent, lib/jobs/reminder.ts),
 * and 'Editar lembretes' for the form.
 */
export async function RemindersCard({ businessId, userId }: { businessId: string; userId: string }) {
  const loaded = await Promise.all([reminderSettings(businessId, userId), onlineSettings(businessId)]).catch((e) => {
    console.error("[lembretes] cartão", e);
    return null;
  });
  const settings = loaded?.[0] ?? null;
  // A business has its online booking row from its creation (its default notice: 2 hours).
  const cancelNoticeHours = loaded?.[1]?.cancelDeadlineHours ?? 2;
  const leads = settings ? [settings.firstLead, settings.secondLead].filter((m): m is number => typeof m === "number") : [];
  const noCancelLink = noCancelLinkText(leads, cancelNoticeHours);
  const rows: [string, string][] = settings
    ? [
        ["Lembretes aos clientes", onOff(settings.remindersEnabled)],
        ["Quando", leads.map(leadLabel).join(" e ")],
        ["Canais", [settings.email && "E-mail", settings.whatsapp && "WhatsApp"].filter(Boolean).join(" e ")],
        ["Avisos ao cliente sobre mudanças do salão", onOff(settings.clientChangeMessages)],
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
            {noCancelLink && <NoCancelLinkNote text={noCancelLink} testId="reminders-no-cancel-link" />}
            <div>
              <RemindersEdit businessId={businessId} settings={settings} cancelNoticeHours={cancelNoticeHours} whatsAppConfigured={whatsAppConfig() !== null} />
            </div>
          </>
        ) : (
          <p className="text-sm text-destructive">Não foi possível carregar os lembretes.</p>
        )}
      </CardContent>
    </Card>
  );
}
