import { describe, expect, test } from "vitest";
import { ACTION_BODY_LIMIT_BYTES, actionBodyRefusal } from "./action-body";

describe("actionBodyRefusal", () => {
  const action = { "next-action": "abc123" };
  test.each([
    [{ ...action, "content-length": String(ACTION_BODY_LIMIT_BYTES) }, null],
    [{ ...action, "content-length": String(ACTION_BODY_LIMIT_BYTES + 1) }, 413],
    [{ ...action, "content-length": "99999999999" }, 413],
    [{ ...action, "content-length": "abc" }, 411],
    [{ ...action, "transfer-encoding": "chunked" }, 411],
    [{ ...action }, null],
    // Not an action: pages and route handlers read their own bodies.
    [{ "content-length": String(ACTION_BODY_LIMIT_BYTES * 10) }, null],
  ])("%o → %s", (headers, status) => expect(actionBodyRefusal(headers)?.status ?? null).toBe(status));
});
