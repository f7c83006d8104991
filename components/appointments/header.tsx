import { PageHeader } from "@/components/ui/page-header";

/** Agenda Inteligente's header (spec section 8), the same over the cards, the grid and a failed load. */
export function AppointmentsHeader({ actions }: { actions?: React.ReactNode }) {
  return <PageHeader title="Agenda Inteligente" description="Gerenciador de agendamentos em tempo real" actions={actions} />;
}
