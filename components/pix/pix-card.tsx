import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { pixSettings, type PixSettingsView } from "@/lib/pix/settings";
import { PIX_SETTINGS_MESSAGES as MSG } from "@/lib/pix/settings-messages";
import { PixSettings } from "./pix-settings";

/**
 * 'Pix' on Meus Dados (an owner route; the read and the actions check the owner again): the key, the
 * BR Code's name and city, and optionally the PSP whose webhook confirms the charges by itself.
 */
export async function PixCard({ businessId }: { businessId: string }) {
  let settings: PixSettingsView | null = null;
  let failed = false;
  try {
    settings = await pixSettings(businessId);
  } catch (e) {
    console.error("[pix] cartão", e);
    failed = true;
  }
  return (
    <Card className="mt-6" data-testid="pix-settings">
      <CardHeader>
        <CardTitle>{MSG.title}</CardTitle>
        <CardDescription>
          Receba na comanda por Pix: o cliente lê o QR code com o valor no app do banco. Só com a chave, quem atende confirma o
          recebimento; com um PSP, o pagamento se confirma sozinho.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {failed ? (
          <p className="text-sm text-destructive">{MSG.loadError}</p>
        ) : (
          // Keyed by the saved values: a save (or a change in another tab, at the next render) resets the form to them.
          <PixSettings key={JSON.stringify(settings)} businessId={businessId} settings={settings} />
        )}
      </CardContent>
    </Card>
  );
}
