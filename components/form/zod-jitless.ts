import { z } from "zod";

// zod 4 probes `new Function` to compile fast object parsers; under our CSP (no 'unsafe-eval') the
// probe fails and is reported as a violation on every form. Interpreted parsing is fast enough.
// Imported by the form hook, which every screen that parses in the browser uses, so pages without
// a form never load zod.
z.config({ jitless: true });
