import type { Metadata } from "next";
import { BusinessProfileForm } from "@/components/business/business-profile-form";
import { WhatsAppIntegrationCard } from "@/components/conversations/whatsapp-integration-card";
import { RemindersCard } from "@/components/notifications/reminders-card";
import { OnlineBookingCard } from "@/components/online-booking/online-booking-card";
import { PixCard } from "@/components/pix/pix-card";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { requireBusinessPage } from "@/lib/auth/guards";
import { loadBusinessProfile, type BusinessProfile } from "@/lib/businesses/queries";

export const metadata: Metadata = { title: "Meus Dados" };

export default async function BusinessProfilePage() {
  const { ctx, business } = await requireBusinessPage("/business-profile");
  let profile: BusinessProfile | null = null;
  let failed = false;
  try {
    profile = await loadBusinessProfile(ctx.user.id, business.id);
  } catch (e) {
    console.error("Não foi possível carregar os dados.", e);
    failed = true;
  }
  return (
    <>
      <PageHeader title="Meus Dados" description="Dados da empresa, seus dados pessoais e a assinatura." />
      {profile ? (
        // Keyed by the saved values: a change from elsewhere (realtime refresh) resets the form to them.
        <BusinessProfileForm key={JSON.stringify(profile)} businessId={business.id} profile={profile} />
      ) : (
        <Card>
          <CardContent className="pt-6 text-sm text-muted-foreground">
            {failed ? "Não foi possível carregar os dados." : "Dados não encontrados."}
          </CardContent>
        </Card>
      )}
      {ctx.current && <OnlineBookingCard businessId={ctx.current.id} />}
      {ctx.current && <PixCard businessId={ctx.current.id} />}
      {ctx.current && <RemindersCard businessId={ctx.current.id} userId={ctx.user.id} />}
      {ctx.current && <WhatsAppIntegrationCard businessId={ctx.current.id} />}
    </>
  );
}
