import { UnavailablePage } from "@/components/online-booking/unavailable-page";
import { ONLINE_MESSAGES } from "@/lib/online-booking/messages";

export default function BookingLinkNotFound() {
  return (
    <UnavailablePage title="Agendamento não encontrado">
      <p>{ONLINE_MESSAGES.linkInvalid}</p>
      <p>Se o agendamento foi excluído pelo estabelecimento, fale com ele.</p>
    </UnavailablePage>
  );
}
