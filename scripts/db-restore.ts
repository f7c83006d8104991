/**
 * `npm run db:restore FILE [--force]`: restores a backup of `npm run db:backup` (README and docs/operations.md, Backups)
 * into an empty database, and refuses a database that holds anything unless `--force`.
 *   - `….base.tar.gz` (the embedded server's): into `.data/pg`, with the app stopped. With
 *     `--force` the current `.data/pg` is kept aside, renamed `pg.antes-da-restauracao-…`.
 *   - `….dump` (pg_dump's custom format): into DATABASE_URL's database (or the embedded server's
 *     `agenda` database when DATABASE_URL is unset) with pg_restore, in one transaction. With
 *     `--force` every schema of that database is dropped first.
 */
import fs from "node:fs";
import path from "node:path";
import { ensureDatabase, startEmbeddedPostgres, withDatabase } from "../db/embedded";
import { unpackBaseBackup, type BaseBackupManifest } from "../lib/core/backups/base-backup";
import { emptyDatabase, inspectDatabase, restoreDump } from "../lib/core/backups/pg-dump";
import { connect } from "../db/connect";
import { dataRoot, embeddedPort, livePostmaster, pgDirOf, runningApp, withEmbeddedServer } from "./lib/embedded-data";

class Refused extends Error {}

const rel = (p: string) => path.relative(process.cwd(), p) || p;

function kindOf(file: string): "base" | "dump" {
  const fd = fs.openSync(file, "r");
  const head = Buffer.alloc(5);
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (head[0] === 0x1f && head[1] === 0x8b) return "base";
  if (head.toString("latin1") === "PGDMP") return "dump";
  throw new Refused(`${rel(file)} não é um backup do Agenda (nem .base.tar.gz nem pg_dump -Fc).`);
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
}

async function restoreBase(file: string, force: boolean): Promise<void> {
  if (process.env.DATABASE_URL) {
    throw new Refused("Este arquivo é um backup do banco embutido; para restaurá-lo em .data/pg, rode sem DATABASE_URL.");
  }
  const root = dataRoot();
  const pgDir = pgDirOf(root);
  const app = runningApp(root);
  const live = livePostmaster(pgDir);
  if (app || live) {
    throw new Refused(`O Agenda está rodando (processo ${app ?? live!.pid}) sobre ${rel(pgDir)}. Pare-o (Ctrl+C) antes de restaurar.`);
  }
  let keptAside: string | null = null;
  if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
    if (!force) {
      throw new Refused(
        `O banco de destino não está vazio: ${rel(pgDir)} já tem um banco. A restauração substituiria os dados atuais.\n` +
          `Para substituir mesmo assim, rode de novo com --force (o banco atual será guardado ao lado, em ${rel(pgDir)}.antes-da-restauracao-…).\n` +
          `(The target database is not empty; run again with --force to replace it.)`,
      );
    }
    keptAside = `${pgDir}.antes-da-restauracao-${stamp()}`;
    fs.renameSync(pgDir, keptAside);
  } else if (fs.existsSync(pgDir)) {
    fs.rmdirSync(pgDir);
  }

  const lock = path.join(root, "agenda.lock");
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(lock, String(process.pid));
  let manifest: BaseBackupManifest;
  try {
    manifest = await unpackBaseBackup(file, pgDir);
    try {
      // The server replays the backup's WAL on this first start, then opens.
      const server = await startEmbeddedPostgres(pgDir, embeddedPort());
      try {
        const sql = connect(server.socketUrl("postgres"), { max: 1, onnotice: () => {} });
        const [row] = await sql<{ n: number }[]>`select count(*)::int as n from pg_database where datname = 'agenda'`.finally(() => sql.end());
        if (row.n !== 1) throw new Error("o backup não tem o banco 'agenda'.");
        // CHECKPOINT is the superuser's (the app's role may not).
        const agenda = connect(server.adminUrl("agenda"), { max: 1, onnotice: () => {} });
        await agenda`checkpoint`.finally(() => agenda.end());
      } finally {
        await server.stop();
      }
    } catch (e) {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw e;
    }
  } catch (e) {
    if (keptAside) fs.renameSync(keptAside, pgDir);
    throw e;
  } finally {
    fs.rmSync(lock, { force: true });
  }
  console.log(`Banco embutido restaurado em ${rel(pgDir)} a partir de ${rel(file)} (backup de ${manifest.createdAt}, PostgreSQL ${manifest.postgres}).`);
  if (keptAside) console.log(`O banco anterior foi guardado em ${rel(keptAside)}; apague essa pasta quando não precisar mais dela.`);
}

async function restoreIntoUrl(url: string, file: string, force: boolean, where: string): Promise<void> {
  const { relations } = await inspectDatabase(url);
  if (relations > 0) {
    if (!force) {
      throw new Refused(
        `O banco de destino não está vazio: ${where} já tem ${relations} tabela(s). A restauração substituiria os dados atuais.\n` +
          `Para substituir mesmo assim (todos os schemas do banco serão apagados antes), rode de novo com --force.\n` +
          `(The target database is not empty; run again with --force to replace it.)`,
      );
    }
    await emptyDatabase(url);
  }
  await restoreDump(url, file);
  console.log(`Banco ${where} restaurado a partir de ${rel(file)}.`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (files.length !== 1 || files[0].startsWith("-")) {
    console.error("Uso: npm run db:restore -- ARQUIVO [--force]");
    return 1;
  }
  const file = path.resolve(files[0]);
  if (!fs.existsSync(file)) {
    console.error(`Arquivo não encontrado: ${files[0]}`);
    return 1;
  }
  try {
    if (kindOf(file) === "base") {
      await restoreBase(file, force);
    } else if (process.env.DATABASE_URL) {
      const u = new URL(process.env.DATABASE_URL);
      await restoreIntoUrl(process.env.DATABASE_URL, file, force, `"${u.pathname.slice(1)}" em ${u.hostname}`);
    } else {
      await withEmbeddedServer(dataRoot(), "postgres", async (adminUrl) => {
        await ensureDatabase(adminUrl, "agenda");
        await restoreIntoUrl(withDatabase(adminUrl, "agenda"), file, force, "agenda (embutido)");
      });
    }
    return 0;
  } catch (e) {
    console.error(e instanceof Refused ? e.message : `Falha na restauração: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

main().then((code) => process.exit(code));
