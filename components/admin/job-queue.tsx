import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { JobQueueStatus } from "@/lib/admin/queries";
import { formatDateTime } from "@/lib/core/format/date";

/** The job queue (reminders, owner e-mails, the morning summary): waiting jobs and the ones that failed for good. */
export function JobQueueCard({ status }: { status: JobQueueStatus }) {
  return (
    <Card className="mt-6" data-testid="job-queue">
      <CardHeader>
        <CardTitle>Fila de jobs</CardTitle>
        <CardDescription>
          Lembretes, avisos aos proprietários e resumos diários. {status.waiting} {status.waiting === 1 ? "job aguardando" : "jobs aguardando"};{" "}
          {status.failed} com falha definitiva (tentativas esgotadas).
        </CardDescription>
      </CardHeader>
      {status.latestFailures.length > 0 && (
        <CardContent>
          <ul className="grid gap-2 text-sm">
            {status.latestFailures.map((f) => (
              <li key={`${f.task}-${f.key}-${f.at}`} className="grid gap-0.5 rounded-md border p-2">
                <span className="font-medium">
                  {f.task} <span className="font-normal text-muted-foreground">· {formatDateTime(f.at)}</span>
                </span>
                <span className="break-all text-xs text-muted-foreground">{f.error || "Sem mensagem de erro"}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
