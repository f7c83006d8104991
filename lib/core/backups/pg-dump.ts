/**
 * Backups of a database reached by DATABASE_URL: pg_dump's custom format (`-Fc`) and pg_restore,
 * from `PG_BIN` (a folder) or the PATH. pg_dump refuses a server newer than itself, so the client
 * must be of the server's major version or newer; this says so before trying.
 *
 * No `server-only`: the scripts load this under plain tsx.
 */
import { execFile } from "node:child_process";
import fsp from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { connect } from "@/db/connect";

const run = promisify(execFile);

export function pgTool(name: "pg_dump" | "pg_restore"): string {
  return process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name;
}

/** libpq's connection string without the password (which goes in PGPASSWORD, out of `ps`). */
export function libpqTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** "pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" → 15. */
export function toolMajor(versionLine: string): number | null {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return m ? Number(m[1]) : null;
}

async function checkTool(tool: "pg_dump" | "pg_restore", serverMajor: number) {
  let out: string;
  try {
    out = (await run(pgTool(tool), ["--version"])).stdout;
  } catch {
    throw new Error(`${tool} não foi encontrado. Instale o cliente do PostgreSQL ${serverMajor} (ou mais novo) ou aponte PG_BIN para a pasta dele.`);
  }
  const major = toolMajor(out);
  if (major === null || major < serverMajor) {
    throw new Error(
      `${tool} ${major ?? "?"} não serve para o servidor PostgreSQL ${serverMajor}: ele só lê servidores da própria versão ou mais antigos. ` +
        `Instale o cliente do PostgreSQL ${serverMajor} (ou mais novo) ou aponte PG_BIN para a pasta dele.`,
    );
  }
}

/** The server's major version, and how many tables and other relations live outside the system schemas. */
export async function inspectDatabase(databaseUrl: string): Promise<{ serverMajor: number; relations: number }> {
  const sql = connect(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ version: number; relations: number }[]>`
      select current_setting('server_version_num')::int as version,
             (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
               where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
                 and n.nspname not in ('pg_catalog', 'information_schema')
                 and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%') as relations`;
    return { serverMajor: Math.floor(row.version / 10_000), relations: row.relations };
  } finally {
    await sql.end();
  }
}

/** `pg_dump -Fc` of the database into `file` (through `file.partial`). */
export async function writeDump(databaseUrl: string, file: string): Promise<void> {
  const { serverMajor } = await inspectDatabase(databaseUrl);
  await checkTool("pg_dump", serverMajor);
  const { dbname, env } = libpqTarget(databaseUrl);
  const partial = `${file}.partial`;
  await fsp.mkdir(path.dirname(file), { recursive: true });
  try {
    await run(pgTool("pg_dump"), ["--format=custom", "--no-password", `--file=${partial}`, `--dbname=${dbname}`], { env, maxBuffer: 16 << 20 });
    const fh = await fsp.open(partial, "r+");
    await fh.sync();
    await fh.close();
    await fsp.rename(partial, file);
  } catch (e) {
    await fsp.rm(partial, { force: true });
    throw e instanceof Error && "stderr" in e ? new Error(`pg_dump falhou: ${String((e as { stderr: unknown }).stderr).trim()}`) : e;
  }
}

/** Drops every schema outside the system ones (what `--force` replaces), leaving an empty `public`. */
export async function emptyDatabase(databaseUrl: string): Promise<void> {
  const sql = connect(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.begin(async (tx) => {
      const schemas = await tx<{ nspname: string }[]>`
        select nspname from pg_namespace
         where nspname not in ('pg_catalog', 'information_schema') and nspname not like 'pg\\_%'`;
      for (const { nspname } of schemas) await tx.unsafe(`drop schema "${nspname.replace(/"/g, '""')}" cascade`);
      await tx`create schema public`;
    });
  } finally {
    await sql.end();
  }
}

/** pg_restore of a `-Fc` file into the (empty) database, all or nothing. */
export async function restoreDump(databaseUrl: string, file: string): Promise<void> {
  const { serverMajor } = await inspectDatabase(databaseUrl);
  await checkTool("pg_restore", serverMajor);
  const { dbname, env } = libpqTarget(databaseUrl);
  try {
    await run(pgTool("pg_restore"), ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", "--no-password", `--dbname=${dbname}`, file], {
      env,
      maxBuffer: 16 << 20,
    });
  } catch (e) {
    throw e instanceof Error && "stderr" in e ? new Error(`pg_restore falhou: ${String((e as { stderr: unknown }).stderr).trim()}`) : e;
  }
}
