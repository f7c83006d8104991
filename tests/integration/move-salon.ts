/**
 * The salon the move tests work in (grid-move, reschedule): open 08:00–19:00 every day; Corte (60)
 * by Ana and Bruno, Barba (30) by Ana and Caio; signed in as its owner. `book`: a new client's
 * appointment of `lines` at `date` `time`, its id.
 */
import { db } from "@/db";
import { businessHours, professionalServices } from "@/db/schema";
import { createAppointmentAction } from "@/lib/appointments/actions";
import { actAs } from "./act-as";
import { createBusiness, createClient, createProfessional, createService, createUser, uniq } from "./fixtures";

export async function moveSalon() {
  const owner = await createUser();
  const business = await createBusiness(owner.id);
  await db.insert(businessHours).values([0, 1, 2, 3, 4, 5, 6].map((d) => ({ businessId: business.id, dayOfWeek: d, isOpen: true, openTime: "08:00", closeTime: "19:00" })));
  const corte = await createService(business.id, 60, { name: `Corte ${uniq()}` });
  const barba = await createService(business.id, 30, { name: `Barba ${uniq()}` });
  const ana = await createProfessional(business.id, { name: `Ana ${uniq()}` });
  const bruno = await createProfessional(business.id, { name: `Bruno ${uniq()}` });
  const caio = await createProfessional(business.id, { name: `Caio ${uniq()}` });
  await db.insert(professionalServices).values([
    { professionalId: ana.id, serviceId: corte.id, price: "50.00", businessId: business.id },
    { professionalId: ana.id, serviceId: barba.id, price: "30.00", businessId: business.id },
    { professionalId: bruno.id, serviceId: corte.id, price: "40.00", businessId: business.id },
    { professionalId: caio.id, serviceId: barba.id, price: "25.00", businessId: business.id },
  ]);
  await actAs(owner.id);
  const book = async (date: string, time: string, lines: { serviceId: string; professionalId: string | null; afterPrevious?: boolean }[]) => {
    const r = await createAppointmentAction({ businessId: business.id, client: { kind: "existing", id: (await createClient(business.id)).id }, date, time, lines });
    if (!r.ok) throw new Error(r.description ?? r.error);
    return r.id;
  };
  return { owner, business, corte, barba, ana, bruno, caio, book };
}
