"use client";

import { useEffect, useRef, useState } from "react";
import type { ServiceOption } from "@/lib/appointments/options";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
import { liveKey } from "@/lib/core/live/keys";
import { readLive } from "@/lib/core/live/read";
import { LiveReadError } from "@/lib/core/live/store";
import { isTimeOfDay } from "@/lib/core/time/time-of-day";

type Line = { serviceId: string; professionalId: string | null };

/**
 * The business's services and, for each, who can do it at `date` `time` given the lines as picked
 * (asked again, debounced, whenever the time, the picks or the override change); `outside`: why the
 * hours rule refuses the visit as picked, null when it fits. `outsideHours`: 'Encaixe fora do
 * horário' is asked for (the business's hours then limit nobody).
 */
export function useServiceOptions(businessId: string, date: string, time: string, lines: Line[], appointmentId: string | null = null, outsideHours = false) {
  const [services, setServices] = useState<ServiceOption[] | null>(null);
  const [closed, setClosed] = useState(false);
  const [outside, setOutside] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const key = JSON.stringify(lines);

  useEffect(() => {
    const mine = ++seq.current;
    const at = isTimeOfDay(time) ? time : "00:00";
    const timer = setTimeout(async () => {
      setLoading(true);
      try {
        const params: Record<string, string> = { date, time: at, lines: key, outsideHours: outsideHours ? "1" : "0" };
        if (appointmentId) params.appointmentId = appointmentId;
        const r = await readLive(liveKey(businessId, "appointments.options", params));
        if (mine !== seq.current) return;
        setServices(r.services);
        setClosed(r.closed);
        setOutside(r.outside);
        setError(null);
      } catch (e) {
        if (mine === seq.current) setError(e instanceof LiveReadError && e.status ? (e.body.description ?? e.body.error) : MSG.loadProfessionalsError);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [businessId, date, time, key, appointmentId, outsideHours]);

  return { services, closed, outside, error, loading, timeKnown: isTimeOfDay(time) };
}
