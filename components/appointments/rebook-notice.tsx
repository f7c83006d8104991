import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { APPOINTMENT_ICONS } from "./icons";
import type { NewAppointmentPreset } from "./new-appointment-dialog";

/** 'Agendar novamente': the client and the services, with the names the notice shows. */
export type Rebook = { client: NonNullable<NewAppointmentPreset["client"]>; lines: { serviceId: string; professionalId: string | null; serviceName: string }[] };

/** Says what the next 'Novo agendamento' will start with, until it is booked or given up. */
export function RebookNotice({ rebook, onCancel }: { rebook: Rebook; onCancel: () => void }) {
  return (
    <Alert className="mb-4" data-testid="rebook-notice">
      <APPOINTMENT_ICONS.Icon name="rebook" />
      <AlertTitle>Agendar novamente: {rebook.client.name}</AlertTitle>
      <AlertDescription>
        <p>
          {rebook.lines.length ? rebook.lines.map((l) => l.serviceName).join(", ") : "Sem serviços"}. Escolha o dia e clique em
          &quot;Novo agendamento&quot;: o cliente, os serviços e os profissionais já vêm preenchidos.
        </p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onCancel}>
          <APPOINTMENT_ICONS.Icon name="close" /> Cancelar
        </Button>
      </AlertDescription>
    </Alert>
  );
}
