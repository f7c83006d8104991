import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { listApiKeys, type ApiKeyRow } from "@/lib/conversations/api-keys";
import { API_KEY_MESSAGES } from "@/lib/conversations/messages";
import { ApiKeysManager } from "./api-keys-manager";

/**
 * 'Integração com WhatsApp' on Meus Dados (owner only; the list re-checks the role): the API keys
 * the business's bot uses to post conversations (docs/features/whatsapp-bot-api.md).
 */
export async function WhatsAppIntegrationCard({ businessId }: { businessId: string }) {
  let keys: ApiKeyRow[] | null = null;
  try {
    keys = await listApiKeys(businessId);
  } catch (e) {
    console.error("[chaves de API]", e);
  }
  return (
    <Card className="mt-6" data-testid="whatsapp-integration">
      <CardHeader>
        <CardTitle>{API_KEY_MESSAGES.title}</CardTitle>
        <CardDescription>
          Chaves de API para o bot de WhatsApp do seu negócio registrar as conversas, que aparecem no relatório Conversas.
          Cada chave é mostrada uma única vez, ao ser criada.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {keys ? <ApiKeysManager businessId={businessId} keys={keys} /> : <p className="text-sm text-destructive">{API_KEY_MESSAGES.loadError}</p>}
      </CardContent>
    </Card>
  );
}
