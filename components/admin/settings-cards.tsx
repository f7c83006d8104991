import { Database, Globe, Server, Shield, type LucideIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type Row = { label: string; value: string; ok?: boolean; note?: string };

function InfoCard({ title, description, icon: Icon, rows }: { title: string; description: string; icon: LucideIcon; rows: Row[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon aria-hidden className="size-5 text-primary" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {rows.map((r) => (
            <div key={r.label} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5 text-sm first:pt-0 last:pb-0">
              <dt className="text-muted-foreground">{r.label}</dt>
              <dd className="text-right">
                {r.ok === undefined ? (
                  <span className="font-medium">{r.value}</span>
                ) : (
                  <Badge variant={r.ok ? "success" : "destructive"}>{r.value}</Badge>
                )}
              </dd>
              {r.note && <dd className="basis-full text-xs text-muted-foreground">{r.note}</dd>}
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

type Props = {
  version: string;
  environment: string;
  database: { ok: boolean; latencyMs: number | null };
  google: boolean;
  https: boolean;
};

/** Read-only system information; where the app can know the truth (version, database), it shows it. */
export function SettingsCards({ version, environment, database, google, https }: Props) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <InfoCard
        title="Sistema"
        description="Versão e ambiente da aplicação."
        icon={Server}
        rows={[
          { label: "Versão", value: `v${version}` },
          { label: "Ambiente", value: environment },
          { label: "API", value: "Online", ok: true },
        ]}
      />
      <InfoCard
        title="Banco de Dados"
        description="PostgreSQL da aplicação."
        icon={Database}
        rows={[
          {
            label: "Conexão",
            value: database.ok ? "Conexão ativa" : "Sem conexão",
            ok: database.ok,
            note: database.ok && database.latencyMs !== null ? `Respondeu em ${database.latencyMs} ms` : undefined,
          },
          {
            label: "Backup automático",
            value: "Gerenciado pela hospedagem do PostgreSQL",
            note: "A aplicação não faz backups; configure-os no servidor ou serviço de banco de dados.",
          },
        ]}
      />
      <InfoCard
        title="Segurança"
        description="Controle de acesso aos dados."
        icon={Shield}
        rows={[
          {
            label: "Segurança em nível de linha (RLS)",
            value: "Habilitada",
            ok: true,
            note: "Equivalente no servidor: cada página e cada ação verifica a sessão, o papel e o vínculo com o negócio no banco de dados.",
          },
          {
            label: "Autenticação",
            value: google ? "E-mail e senha + Google" : "E-mail e senha",
            note: "Sessão assinada (JWT) conferida no banco a cada requisição; senhas com argon2id.",
          },
        ]}
      />
      <InfoCard
        title="Rede"
        description="Transporte e origem das requisições."
        icon={Globe}
        rows={[
          {
            label: "HTTPS",
            value: https ? "Ativo" : "Inativo (endereço http)",
            ok: https,
            note: https ? undefined : "Em produção, sirva o app por HTTPS (APP_URL com https://).",
          },
          {
            label: "CORS",
            value: "Somente a mesma origem",
            note: "Nenhuma origem externa é liberada; as ações do servidor conferem a origem da requisição.",
          },
        ]}
      />
    </div>
  );
}
