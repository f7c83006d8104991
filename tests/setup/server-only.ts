// Stands in for the `server-only` package under vitest: the tests are the server, and the real
// package throws on import outside a React Server Components bundle.
export {};
