"use client";

import { useEffect, useRef, useState } from "react";
import { serviceOptionsAction } from "@/lib/appointments/actions";
import type { ServiceOption } from "@/lib/appointments/options";
import { APPOINTMENT_MESSAGES as MSG } from "@/lib/appointments/messages";
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
        const r = await serviceOptionsAction({ businessId, date, time: at, appointmentId, lines: JSON.parse(key) as Line[], outsideHours });
        if (mine !== seq.current) return;
        if (r.ok) {
          setServices(r.services);
          setClosed(r.closed);
          setOutside(r.outside);
          setError(null);
        } else setError(r.description ?? r.error);
      } catch {
        if (mine === seq.current) setError(MSG.loadProfessionalsError);
      } finally {
        if (mine === seq.current) setLoading(false);
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [businessId, date, time, key, appointmentId, outsideHours]);

  return { services, closed, outside, error, loading, timeKnown: isTimeOfDay(time) };
}
