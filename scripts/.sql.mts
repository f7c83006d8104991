import postgres from "postgres";
import fs from "node:fs";
const { databaseUrl } = JSON.parse(fs.readFileSync("e2e/.runtime-3201.json", "utf8"));
const sql = postgres(databaseUrl, { onnotice: () => {} });
await sql.unsafe(process.argv[2]);
await sql.end();
