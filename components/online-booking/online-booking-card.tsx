import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { appUrl } from "@/lib/core/config/app-url";
import { qrCodePng } from "@/lib/online-booking/qr";
import { onlineSettings } from "@/lib/online-booking/queries";
import { OnlineBookingSettings } from "./online-booking-settings";

/**
 * 'Agendamento online' on Meus Dados (an owner route; the save action checks the owner again): the
 * public address with a copy button and its QR code, the switch, the cancel deadline and the
 * per-client cap.
 */
export async function OnlineBookingCard({ businessId }: { businessId: string }) {
  let settings: Awaited<ReturnType<typeof onlineSettings>> = null;
  let qr: string | null = null;
  try {
    settings = await onlineSettings(businessId);
    if (settings) qr = await qrCodePng(`${appUrl()}/agendar/${settings.slug}`);
  } catch (e) {
    console.error("[agendamento online] cartão", e);
  }
  return (
    <Card className="mt-6" data-testid="online-booking">
      <CardHeader>
        <CardTitle>Agendamento online</CardTitle>
        <CardDescription>
          Uma página pública onde seus clientes agendam sozinhos, pelo celular, nos horários livres da agenda e dentro da janela de
          agendamento. Os agendamentos chegam como pendentes, marcados como Online.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings ? (
          <OnlineBookingSettings businessId={businessId} settings={settings} baseUrl={`${appUrl()}/agendar/`} qr={qr} />
        ) : (
          <p className="text-sm text-destructive">Não foi possível carregar o agendamento online.</p>
        )}
      </CardContent>
    </Card>
  );
}
