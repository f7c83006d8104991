"use client";

import { useMemo, useRef } from "react";

/**
 * Keys closer together than this are a burst (a key held down, a fast script), searched once after
 * its last key; a key after a longer pause searches at once. A person's keys come ~100–250 ms apart,
 * so each of them searches without waiting: a fixed wait after every key was 60 ms of the 200 a
 * reply should take (npm run bench, client_search; 200 ms in Novo Agendamento's client box,
 * walk_in), and saved no search a person makes.
 */
export const BURST_MS = 60;

/** `key` with each change's event time; `wait()`: how long to hold the search the change asks for. */
export function useKeyBurst() {
  const last = useRef({ at: -Infinity, gap: Infinity });
  return useMemo(
    () => ({
      key: (timeStamp: number) => {
        last.current = { at: timeStamp, gap: timeStamp - last.current.at };
      },
      wait: () => (last.current.gap < BURST_MS ? BURST_MS : 0),
    }),
    [],
  );
}
