"use client";

import { useCallback } from "react";
import type { LiveRead } from "@/lib/core/live/keys";
import { sendWrite } from "@/lib/core/live/own-changes";
import type { ChangeEvent } from "@/lib/core/realtime/events";

type Written = { ok: boolean; changes?: ChangeEvent[] };
/** What the hook asks of the write (lib/core/actions/define-action.ts CallOptions). */
const ASK = { changes: true } as const;

/**
 * The one way a screen sends a business's write (a server action of level staff or owner with a
 * transaction): `const save = useWrite(saveAction)`, then `save(input)` where the action was called.
 * It asks the write for its `changes` (the change-log rows it made, lib/core/actions/define-action.ts)
 * and applies them: what they make stale on screen is read again once, at once, by the
 * tables each read declares, and the stream's echo of them reads nothing. So the tab that wrote
 * never reads twice, and never waits for the stream to see its own write.
 *
 * `applied`: the reads this screen puts the answer into itself (the agenda's cards and counts),
 * which are not read again; a function of the input when it depends on it ('Somente este' or the
 * whole series). tests/integration/action-registry.int.test.ts fails for a component that calls a
 * business's write without this hook.
 */
export function useWrite<I, R extends Written>(action: (input: I, options: typeof ASK) => Promise<R>, applied?: readonly LiveRead[] | ((input: I) => readonly LiveRead[])) {
  return useCallback(
    async (input: I): Promise<R> => {
      const result = await sendWrite(action(input, ASK));
      const changes = result.ok ? result.changes : undefined;
      if (changes?.length) {
        const skip = typeof applied === "function" ? applied(input) : (applied ?? []);
        // Once the screen has handled the answer (what it puts into the cache would drop a read already out).
        setTimeout(() => void import("./live-cache").then((m) => m.readStale(changes, skip)));
      }
      return result;
    },
    [action, applied],
  );
}
