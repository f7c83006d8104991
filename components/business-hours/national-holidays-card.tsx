import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { HolidayOutlook } from "@/lib/appointments/rules/holiday-outlook";
import { HolidayLabel } from "./holiday-label";

/**
 * Brazil's national holidays of the coming months and what the agenda does on each (the agenda's
 * own rule, lib/appointments/rules/business-day.ts): information, nothing to edit here.
 */
export function NationalHolidaysCard({ items }: { items: HolidayOutlook[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="national-holidays-title">Feriados nacionais nos próximos meses</CardTitle>
        <CardDescription>Como a agenda trata cada um, pela regra acima e pelos feriados do negócio.</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum feriado nacional nos próximos meses.</p>
        ) : (
          <ul className="grid divide-y" aria-labelledby="national-holidays-title">
            {items.map((h) => (
              <li key={h.date} className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0" data-testid="national-holiday">
                <HolidayLabel name={h.name} date={h.date}>
                  {h.ownHoliday && <> · vale o feriado do negócio “{h.ownHoliday}”</>}
                </HolidayLabel>
                <Badge variant={h.day.open ? "success" : "secondary"} className="shrink-0 text-right">
                  {h.dayText}
                </Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
