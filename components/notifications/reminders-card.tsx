import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { reminderSettings } from "@/lib/notifications/queries";
import { whatsAppConfig } from "@/lib/notifications/whatsapp";
import { RemindersSettings } from "./reminders-settings";

/**
 * 'Lembretes' on Meus Dados (an owner route; the save action checks the owner again): reminders to
 * clients, their lead times and channels, the owners' e-mails and the caller's morning summary.
 */
export async function RemindersCard({ businessId, userId }: { businessId: string; userId: string }) {
  const settings = await reminderSettings(businessId, userId).catch((e) => {
    console.error("[lembretes] cartão", e);
    return null;
  });
  return (
    <Card className="mt-6" data-testid="reminders-card">
      <CardHeader>
        <CardTitle>Lembretes</CardTitle>
        <CardDescription>
          Lembretes por e-mail ou WhatsApp antes de cada horário, com os links &apos;Confirmar presença&apos; e &apos;Preciso cancelar&apos;; e
          os avisos do que os clientes fazem sozinhos.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings ? (
          <RemindersSettings businessId={businessId} settings={settings} whatsAppConfigured={whatsAppConfig() !== null} />
        ) : (
          <p className="text-sm text-destructive">Não foi possível carregar os lembretes.</p>
        )}
      </CardContent>
    </Card>
  );
}
