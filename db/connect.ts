import postgres from "postgres";

/**
 * libpq's form for a Unix-domain socket, `postgres://user:pass@localhost/db?host=/var/run/postgresql`.
 * postgres.js takes the socket's directory only as its `host` option; left in the URL, `host`
 * would go to the server as a setting and be refused. With the database on the same machine the
 * socket makes each query's round trip cheaper than loopback TCP, for the app and PostgreSQL.
 */
export function socketOf(databaseUrl: string): { url: string; socketDir: string | null } {
  const parsed = new URL(databaseUrl);
  const socketDir = parsed.searchParams.get("host");
  if (!socketDir?.startsWith("/")) return { url: databaseUrl, socketDir: null };
  parsed.searchParams.delete("host");
  return { url: parsed.toString(), socketDir };
}

/** A postgres.js client for a DATABASE_URL, over TCP or a Unix-domain socket (`?host=/dir`). */
export function connect(databaseUrl: string, options: postgres.Options<Record<string, postgres.PostgresType>> = {}): postgres.Sql {
  const { url, socketDir } = socketOf(databaseUrl);
  return postgres(url, socketDir ? { ...options, host: socketDir } : options);
}
