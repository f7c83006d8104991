import { UnavailablePage } from "@/components/online-booking/unavailable-page";
import { WAITLIST_MESSAGES as MSG } from "@/lib/waitlist/messages";

export default function WaitlistOfferNotFound() {
  return (
    <UnavailablePage title="Link não encontrado">
      <p>{MSG.invalid}</p>
    </UnavailablePage>
  );
}
