import { UnavailablePage } from "@/components/online-booking/unavailable-page";
import { REMINDER_LINK_MESSAGES as MSG } from "@/lib/reminder-links/messages";

export default function ReminderLinkNotFound() {
  return (
    <UnavailablePage title="Link não encontrado">
      <p>{MSG.invalid}</p>
    </UnavailablePage>
  );
}
