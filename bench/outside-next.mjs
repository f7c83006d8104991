// Loads the app's server modules outside Next.js (the benchmark's floor runs): `server-only`
// throws unless bundled for the server, so it resolves to an empty module here.
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(
      "export async function resolve(specifier, context, next) {" +
        " if (specifier === 'server-only') return { url: 'data:text/javascript,', shortCircuit: true };" +
        " return next(specifier, context); }",
    ),
);
