/**
 * `npm run db:seed`: loads the demo data (dono@exemplo.com.br / agenda123 and friends) into the
 * database of DATABASE_URL. Running it again changes nothing.
 */
import { sqlClient } from "../db";
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemo } from "../db/seed";

async function main(): Promise<number> {
  if (!process.env.DATABASE_URL) {
    console.error(
      "DATABASE_URL não está definida.\n" +
        "Rode `npm run dev` primeiro (ele prepara o banco de desenvolvimento) e use a DATABASE_URL dele,\n" +
        "ou defina DATABASE_URL apontando para um PostgreSQL já migrado (npm run db:migrate), por exemplo:\n" +
        "  DATABASE_URL=postgres://usuario:senha@localhost:5432/agenda npm run db:seed",
    );
    return 1;
  }
  try {
    const result = await seedDemo();
    if (!result.created) {
      console.log(`Dados de demonstração já existem (${DEMO_EMAILS.owner}); nada foi alterado.`);
      return 0;
    }
    const s = result.summary!;
    console.log("Dados de demonstração criados:");
    console.log(`  ${s.users} usuários, ${s.businesses} empresas, ${s.professionals} profissionais, ${s.services} serviços`);
    console.log(`  ${s.clients} clientes, ${s.appointments} agendamentos (${s.appointmentServices} serviços agendados)`);
    console.log(`  ${s.conversations} mensagens de conversa, ${s.auditLogs} registros de auditoria`);
    console.log(`Acesse com ${Object.values(DEMO_EMAILS).join(", ")} — senha "${DEMO_PASSWORD}".`);
    return 0;
  } catch (error) {
    console.error("Falha ao criar os dados de demonstração:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await sqlClient().end();
  }
}

main().then((code) => process.exit(code));
