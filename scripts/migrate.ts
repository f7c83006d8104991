import { runMigrations } from "../db/migrate";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("Defina DATABASE_URL (ou use `npm run dev`, que aplica as migrações no banco embutido).");
  process.exit(1);
}
await runMigrations(url);
console.log("Migrações aplicadas.");
