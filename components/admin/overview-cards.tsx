import { Building2, CheckCircle2, DollarSign, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { Overview } from "@/lib/admin/queries";
import { formatBRL } from "@/lib/core/format/money";

const integer = new Intl.NumberFormat("pt-BR");
const percent = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

function StatCard({ title, value, note, icon: Icon, testId }: { title: string; value: string; note: string; icon: LucideIcon; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm text-muted-foreground">{title}</CardTitle>
        <Icon aria-hidden className="size-4 text-muted-foreground" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>{value}</p>
        <p className="mt-1 text-xs text-muted-foreground" data-testid={`${testId}-note`}>{note}</p>
      </CardContent>
    </Card>
  );
}

/** The four overview cards; every number comes from one SQL query (lib/admin/queries.ts getOverview). */
export function OverviewCards({ overview }: { overview: Overview }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard
        testId="stat-total-businesses"
        title="Total de Negócios"
        value={integer.format(overview.totalBusinesses)}
        note={`${integer.format(overview.activeBusinesses)} ${overview.activeBusinesses === 1 ? "ativo" : "ativos"}`}
        icon={Building2}
      />
      <StatCard
        testId="stat-active-businesses"
        title="Negócios Ativos"
        value={integer.format(overview.activeBusinesses)}
        note={`${percent.format(overview.activePercent)}% do total`}
        icon={CheckCircle2}
      />
      <StatCard
        testId="stat-total-users"
        title="Total de Usuários"
        value={integer.format(overview.totalUsers)}
        note="Usuários cadastrados na plataforma"
        icon={Users}
      />
      <StatCard
        testId="stat-mrr"
        title="Receita Mensal Recorrente"
        value={formatBRL(overview.monthlyRevenue)}
        note="Soma das mensalidades dos negócios ativos"
        icon={DollarSign}
      />
    </div>
  );
}
