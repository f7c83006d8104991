"use server";

import { defineAction } from "@/lib/pipeline";
import { ok } from "@/lib/core/actions/result";
import {
  changeAppointmentsTime, createAppointment, createSeries, deleteAppointments, previewSeries, moveAppointments, moveInGridAcross, replaceServicesAcross, rescheduleAppointment, setAppointmentsStatus, undoCancel,
} from "./mutations";
import { appointmentById } from "./queries";
import { APPOINTMENT_MESSAGES as MSG } from "./messages";
import { createAppointmentSchema, createSeriesSchema, deleteSchema, seriesPreviewSchema, gridMoveSchema, moveSchema, rescheduleSchema, servicesSchema, statusSchema, timeChangeSchema, undoCancelSchema, undoDeleteSchema } from "./schemas";
import { undoDelete } from "./undo-delete";

// The agenda revalidates nothing on the server: the tab that wrote updates its cache from the answer
// and its `changes` (components/live/use-write.ts); every other open agenda follows the change log's
// stream and reads again the days the change touches (the tables each read declares, reads.ts).
const conflicts = { appointment_professional_blocks_no_overlap: { error: MSG.conflict, description: MSG.conflictDescription } };

export const createAppointmentAction = defineAction({
  name: "appointments.create",
  level: "staff",
  schema: createAppointmentSchema,
  error: MSG.createError,
  fallback: MSG.createFallback,
  conflicts,
  // The new card itself, read in the transaction: the tab that booked shows it without reading again.
  run: async ({ input, ...w }) => {
    const r = await createAppointment(w, input);
    return r.ok ? ok({ ...r, appointment: await appointmentById(w.ctx.businessId, r.id, w.tx) }) : r;
  },
});

export const moveAppointmentAction = defineAction({
  name: "appointments.move",
  level: "staff",
  schema: moveSchema,
  error: MSG.dateError,
  conflicts,
  run: ({ input, ...w }) => moveAppointments(w, input.id, input.date, input.outsideHours, input.scope),
});

export const changeAppointmentTimeAction = defineAction({
  name: "appointments.time",
  level: "staff",
  schema: timeChangeSchema,
  error: MSG.timeError,
  conflicts,
  run: ({ input, ...w }) => changeAppointmentsTime(w, input.id, input.time, input.outsideHours, input.scope),
});

/** The grid's drag: another time, another professional's column, or both. */
export const gridMoveAction = defineAction({
  name: "appointments.gridMove",
  level: "staff",
  schema: gridMoveSchema,
  error: MSG.timeError,
  conflicts,
  run: ({ input, ...w }) => moveInGridAcross(w, input.id, input.time, input.from, input.to, input.outsideHours, input.scope),
});

/** 'Reagendar': date, time and, optionally, the professional, in one move; the card comes with the answer. */
export const rescheduleAction = defineAction({
  name: "appointments.reschedule",
  level: "staff",
  schema: rescheduleSchema,
  error: MSG.rescheduleError,
  conflicts,
  run: async ({ input, ...w }) => {
    const r = await rescheduleAppointment(w, input.id, input, input.outsideHours);
    return r.ok ? ok({ appointment: await appointmentById(w.ctx.businessId, input.id, w.tx) }) : r;
  },
});

export const setAppointmentStatusAction = defineAction({
  name: "appointments.status",
  level: "staff",
  schema: statusSchema,
  error: MSG.statusError,
  conflicts,
  run: ({ input, ...w }) => setAppointmentsStatus(w, input.id, input.statusId, input.scope, input.reason),
});

/** 'Desfazer' in the toast of a cancel ('Este e os seguintes' too). */
export const undoCancelAction = defineAction({
  name: "appointments.undoCancel",
  level: "staff",
  schema: undoCancelSchema,
  error: MSG.statusError,
  conflicts,
  run: ({ input, ...w }) => undoCancel(w, input.items),
});

export const replaceAppointmentServicesAction = defineAction({
  name: "appointments.services",
  level: "staff",
  schema: servicesSchema,
  error: MSG.servicesError,
  conflicts: { appointment_professional_blocks_no_overlap: { error: MSG.conflict, description: MSG.servicesConflictDescription } },
  run: async ({ input, ...w }) => {
    const r = await replaceServicesAcross(w, input.id, input.lines, input.scope);
    return r.ok ? ok({ ids: r.ids, appointment: await appointmentById(w.ctx.businessId, input.id, w.tx) }) : r;
  },
});

export const deleteAppointmentAction = defineAction({
  name: "appointments.delete",
  level: "staff",
  schema: deleteSchema,
  error: MSG.deleteError,
  run: ({ input, ...w }) => deleteAppointments(w, input.id, input.scope, input.reason),
});

/** 'Desfazer' in the toast of a delete ('Este e os seguintes' too): put back from the server's record. */
export const undoDeleteAction = defineAction({
  name: "appointments.undoDelete",
  level: "staff",
  schema: undoDeleteSchema,
  error: MSG.undoDeleteError,
  conflicts,
  run: ({ input, ...w }) => undoDelete(w, input.ids),
});

/** 'Repetir', before saving: every date of the series, bookable or not and why. Writes nothing. */
export const seriesPreviewAction = defineAction({
  name: "appointments.seriesPreview",
  level: "staff",
  transaction: false,
  schema: seriesPreviewSchema,
  error: MSG.seriesPreviewError,
  run: ({ input, ctx, tx }) => previewSeries(tx, ctx.businessId, input, input.dates),
});

/** 'Salvar N agendamentos': the chosen dates of the series in one transaction, or none of them. */
export const createSeriesAction = defineAction({
  name: "appointments.createSeries",
  level: "staff",
  schema: createSeriesSchema,
  error: MSG.seriesError,
  fallback: MSG.createFallback,
  conflicts,
  run: async ({ input, ...w }) => {
    const r = await createSeries(w, input, input.dates);
    if (!r.ok) return r;
    const appointments = await Promise.all(r.ids.map((id) => appointmentById(w.ctx.businessId, id, w.tx)));
    return ok({ seriesId: r.seriesId, ids: r.ids, appointments: appointments.filter((a) => a !== null) });
  },
});
