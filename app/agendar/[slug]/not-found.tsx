import { UnavailablePage } from "@/components/online-booking/unavailable-page";

export default function BookingPageNotFound() {
  return (
    <UnavailablePage title="Página de agendamento não encontrada">
      <p>O endereço pode estar errado, ou este estabelecimento não está recebendo agendamentos online no momento.</p>
      <p>Confira o link com o estabelecimento ou entre em contato com ele para agendar.</p>
    </UnavailablePage>
  );
}
