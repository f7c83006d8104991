// Runs in the browser before the app hydrates, on every page, and imports nothing.
//
// zod 4 probes `new Function` when a schema is built, to compile fast object parsers; under our CSP
// (no 'unsafe-eval') the probe is a reported violation. zod keeps its settings on this global, so
// turning its JIT off here needs no zod on pages that never parse anything; interpreted parsing is
// fast enough for forms. (The server keeps the JIT.)
const zodConfig = ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {});
zodConfig.jitless = true;
