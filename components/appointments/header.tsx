import { Info } from "lucide-react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";

/**
 * Agenda Inteligente's header (spec section 8), the same over the cards, the grid and a failed load.
 * `note`: whose agenda an employee without 'Ver a agenda dos outros profissionais' sees (or that
 * they see none), in plain words under the title (lib/appointments/visibility.ts).
 */
export function AppointmentsHeader({ actions, note }: { actions?: React.ReactNode; note?: string | null }) {
  return (
    <>
      <PageHeader title="Agenda Inteligente" description="Gerenciador de agendamentos em tempo real" actions={actions} />
      {note && (
        <Alert className="mb-4" data-testid="agenda-scope">
          <Info aria-hidden />
          <AlertDescription>{note}</AlertDescription>
        </Alert>
      )}
    </>
  );
}
