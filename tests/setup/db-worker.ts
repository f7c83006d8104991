import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { copyDatabaseOnce, withDatabase } from "../../db/embedded";

// Each worker process of the run has its own copy of the migrated database (tests/setup/db-global.ts
// made it, as a template): files that run side by side never see each other's rows, jobs or
// notifications. db/index.ts reads DATABASE_URL on first use.
const template = inject("databaseUrl");
const templateName = new URL(template).pathname.slice(1);
const mine = `${templateName}_w${process.env.VITEST_POOL_ID ?? "1"}`;
await copyDatabaseOnce(withDatabase(template, "postgres"), templateName, mine);
process.env.DATABASE_URL = withDatabase(template, mine);
const socket = inject("databaseSocketUrl");
process.env.DATABASE_SOCKET_URL = socket ? withDatabase(socket, mine) : "";
// Server actions read the session cookie, signed with this secret (tests/integration/act-as.ts).
process.env.AUTH_SECRET ??= "integration-secret-integration-secret-0123456789";
// Mail sent by actions goes to a scratch outbox, not the worktree's .data/outbox.
process.env.OUTBOX_DIR ??= path.join(os.tmpdir(), `agenda-test-outbox-${process.pid}`);
