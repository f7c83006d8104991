"use server";

import { defineAction } from "@/lib/pipeline";
import { COMANDA_MESSAGES as M } from "./messages";
import { closeComanda, deleteOpenComanda, openComandaForAppointment, openSale, receiveClientPayment, reverseComanda, saveComanda } from "./mutations";
import { closeComandaSchema, comandaIdSchema, newSaleSchema, openForAppointmentSchema, receiveSchema, reverseComandaSchema, saveComandaSchema } from "./schemas";

const PATHS = ["/comandas", "/cash-register"] as const;

// A line, tip or client of another business meets the composite keys (business_id, x_id): told as not found.
const elsewhere = {
  comanda_lines_professional_same_business_fk: { description: M.professionalNotHere },
  comanda_lines_service_same_business_fk: { description: M.serviceNotHere },
  comanda_lines_product_same_business_fk: { description: M.productNotHere },
  comanda_tips_professional_same_business_fk: { description: M.professionalNotHere },
} as const;

const base = (error: string) => ({ error, noBusiness: { error }, revalidate: PATHS, conflicts: elsewhere }) as const;

/** 'Abrir comanda' on an appointment: any member who sees it (issue 53: employees open comandas). */
export const openComandaAction = defineAction({
  name: "comandas.openForAppointment",
  level: "staff",
  schema: openForAppointmentSchema,
  ...base(M.openError),
  run: ({ input, ...w }) => openComandaForAppointment(w, input.appointmentId),
});

/** 'Nova venda': a comanda with no appointment. */
export const openSaleAction = defineAction({
  name: "comandas.openSale",
  level: "staff",
  schema: newSaleSchema,
  ...base(M.openError),
  run: ({ input, ...w }) => openSale(w, input.clientId),
});

export const saveComandaAction = defineAction({
  name: "comandas.save",
  level: "staff",
  schema: saveComandaSchema,
  ...base(M.saveError),
  run: ({ input, ...w }) => saveComanda(w, input),
});

/** 'Fechar comanda': employees take payments; leaving the rest as 'Fiado' is the owner's (checked inside). */
export const closeComandaAction = defineAction({
  name: "comandas.close",
  level: "staff",
  schema: closeComandaSchema,
  ...base(M.closeError),
  run: ({ input, ...w }) => closeComanda(w, input),
});

/** 'Estornar': the owner's. */
export const reverseComandaAction = defineAction({
  name: "comandas.reverse",
  level: "owner",
  schema: reverseComandaSchema,
  ...base(M.reverseError),
  run: ({ input, ...w }) => reverseComanda(w, input.id, input.reason),
});

/** 'Excluir comanda': an open one, with nothing paid. */
export const deleteComandaAction = defineAction({
  name: "comandas.delete",
  level: "staff",
  schema: comandaIdSchema,
  ...base(M.deleteError),
  run: ({ input, ...w }) => deleteOpenComanda(w, input.id),
});

/** 'Receber pagamento' from a client (a debt paid, or credit left). */
export const receiveClientPaymentAction = defineAction({
  name: "comandas.receive",
  level: "staff",
  schema: receiveSchema,
  ...base(M.receiveError),
  run: ({ input, ...w }) => receiveClientPayment(w, input),
});
