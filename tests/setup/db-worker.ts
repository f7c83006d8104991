import os from "node:os";
import path from "node:path";
import { inject } from "vitest";

// db/index.ts reads DATABASE_URL on first use; point it at this run's fresh database.
process.env.DATABASE_URL = inject("databaseUrl");
// Server actions read the session cookie, signed with this secret (tests/integration/act-as.ts).
process.env.AUTH_SECRET ??= "integration-secret-integration-secret-0123456789";
// Mail sent by actions goes to a scratch outbox, not the worktree's .data/outbox.
process.env.OUTBOX_DIR ??= path.join(os.tmpdir(), `agenda-test-outbox-${process.pid}`);
