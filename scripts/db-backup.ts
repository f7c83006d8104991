/**
 * `npm run db:backup`: one backup now, into `.data/backups/` (README, Backups).
 *   - DATABASE_URL unset (the embedded database): a base backup of the embedded server,
 *     `agenda-YYYY-MM-DDTHHMM.base.tar.gz`, whether the app is running or not.
 *   - DATABASE_URL set: `pg_dump -Fc` of that database, `agenda-YYYY-MM-DDTHHMM.dump` (a pg_dump of
 *     the server's major version or newer, on the PATH or in PG_BIN).
 * The name is the business zone's date and time. Old copies are pruned by the nightly job only.
 */
import fs from "node:fs";
import path from "node:path";
import { backupEmbedded, backupsDirOf, backupWithPgDump } from "../lib/core/backups/backups";
import { dataRoot, hasCluster, pgDirOf, withEmbeddedServer } from "./lib/embedded-data";

async function main(): Promise<number> {
  const root = dataRoot();
  const dir = backupsDirOf(root);
  let file: string;
  if (process.env.DATABASE_URL) {
    file = await backupWithPgDump(process.env.DATABASE_URL, dir);
  } else {
    if (!hasCluster(pgDirOf(root))) {
      console.error(`Não há banco embutido em ${pgDirOf(root)} (rode \`npm run dev\` uma vez, ou defina DATABASE_URL).`);
      return 1;
    }
    file = await withEmbeddedServer(root, "agenda", (url, pgDir) => backupEmbedded(url, pgDir, dir));
  }
  const mb = (fs.statSync(file).size / 1_048_576).toFixed(1);
  console.log(`Backup criado: ${path.relative(process.cwd(), file) || file} (${mb} MB).`);
  return 0;
}

main()
  .catch((e) => {
    console.error(`Falha no backup: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  })
  .then((code) => process.exit(code));
