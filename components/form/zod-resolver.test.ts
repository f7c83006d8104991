import { afterAll, beforeAll, expect, test } from "vitest";
import { z } from "zod";
import { ptMessage } from "@/lib/core/validation/zod-messages";
import { zodResolver } from "./zod-resolver";

// Issue 50, item 8: the browser's bundle had dropped the Portuguese messages (a side-effect import),
// so a form's fallback texts were zod's English. The resolver passes them itself, whatever zod's
// global locale says (set here to zod's English, as that bundle had it).
beforeAll(() => void z.config(z.locales.en()));
afterAll(() => void z.config({ localeError: ptMessage }));

test("a form's fallback messages are Portuguese whatever zod's global locale", async () => {
  const resolve = zodResolver(z.object({ name: z.string(), age: z.number().max(10), tags: z.array(z.string()).max(1) }));
  const r = await resolve({ name: ["x"], age: 11, tags: ["a", "b"] }, undefined, { fields: {}, shouldUseNativeValidation: false });
  expect(Object.fromEntries(Object.entries(r.errors).map(([k, e]) => [k, (e as { message?: string }).message]))).toEqual({
    name: "Valor inválido.",
    age: "O valor máximo é 10.",
    tags: "No máximo 1 item.",
  });
});
