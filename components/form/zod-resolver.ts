"use client";

// The browser half of a form's validation, loaded on the form's first validation: zod and the
// resolver (about 35 KB compressed) then stay off the first load of a page whose form is on it.
import "@/lib/core/validation/zod-messages";

export { zodResolver } from "@hookform/resolvers/zod";
