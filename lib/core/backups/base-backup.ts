/**
 * Backups of the embedded PostgreSQL: an online base backup made with PostgreSQL's own low-level
 * backup API (pg_backup_start / pg_backup_stop), as pg_basebackup makes it, into one
 * `.base.tar.gz` file. The embedded package ships only initdb, pg_ctl and postgres, so no pg_dump
 * of the server's version exists on the machine (docs/operations.md, Backups); a base backup needs none and
 * holds the whole server, every database, role and setting, exactly.
 *
 * While the data directory is copied the server keeps serving; a temporary replication slot keeps
 * the WAL written meanwhile, and that WAL goes into the archive: a page torn by a write during the
 * copy is rewritten from it when the restored server starts (crash recovery from `backup_label`).
 *
 * No `server-only`: the scripts (`npm run db:backup` / `db:restore`) load this under plain tsx.
 */
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { extract as tarExtract, pack as tarPack, type Header as TarHeader, type Pack as TarPack } from "tar-stream";
import { connect } from "@/db/connect";
import { SOCKET_DIR_NAME } from "@/db/embedded-credentials";

/** The archive's description of itself, its last entry (a truncated archive has none). */
export const MANIFEST_NAME = "agenda-backup.json";
const DATA = "data";

export type BaseBackupManifest = {
  format: "agenda-base-backup";
  version: 1;
  /** The server's version, e.g. "18.4"; a restore needs a server of the same major version. */
  postgres: string;
  createdAt: string;
  startLsn: string;
  stopLsn: string;
  databases: string[];
  walFiles: string[];
};

/**
 * What pg_basebackup leaves out of the data directory (PostgreSQL's basebackup.c), and the folder
 * of the server's socket and its lock file (db/embedded-credentials.ts), which a restored server
 * makes anew.
 */
const CONTENTS_LEFT_OUT = new Set(["pg_wal", "pg_stat_tmp", "pg_replslot", "pg_dynshmem", "pg_notify", "pg_serial", "pg_snapshots", "pg_subtrans", SOCKET_DIR_NAME]);
const FILES_LEFT_OUT = new Set(["postmaster.pid", "postmaster.opts", "backup_label", "tablespace_map", "backup_manifest", "current_logfiles", "postgresql.auto.conf.tmp"]);
const leftOut = (name: string) => FILES_LEFT_OUT.has(name) || name.startsWith("pg_internal.init") || name.startsWith("pgsql_tmp");

const WAL_NAME = /^[0-9A-F]{24}$/;

async function* fileChunks(fh: fsp.FileHandle, size: number): AsyncIterable<Buffer> {
  const buf = Buffer.alloc(1 << 20);
  for (let pos = 0; pos < size; ) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, size - pos), pos);
    if (bytesRead === 0) return; // truncated meanwhile: the writer pads with zeros
    pos += bytesRead;
    yield Buffer.from(buf.subarray(0, bytesRead));
  }
}

const ZEROS = Buffer.alloc(1 << 20);

/**
 * Writes one entry into the archive (tar-stream), minding back-pressure, and waits until it is
 * all in. A file is exactly `size` bytes: `chunks` may give fewer (a file truncated while it was
 * read: the rest is zeros, as pg_basebackup does; WAL replay rewrites such pages) but never more.
 * GNU tar and bsdtar read what this writes (`tar -tzf agenda-….base.tar.gz`).
 */
async function addEntry(
  tar: TarPack,
  name: string,
  opts: { type: "directory" } | { type: "file"; size: number; chunks: AsyncIterable<Buffer> | Iterable<Buffer> },
  mode: number,
  mtime = new Date(),
): Promise<void> {
  let sink!: ReturnType<TarPack["entry"]>;
  const done = new Promise<void>((resolve, reject) => {
    // GNU tar's own spelling of a directory: its name ends in "/" (tar-stream leaves the name as given).
    const header = opts.type === "directory" ? { name: name.endsWith("/") ? name : `${name}/`, type: opts.type, mode, mtime } : { name, type: opts.type, size: opts.size, mode, mtime };
    sink = tar.entry(header, (err) => (err ? reject(err) : resolve()));
  });
  done.catch(() => {}); // awaited below; a failure meanwhile also surfaces through the writes
  if (opts.type === "file") {
    const put = async (chunk: Buffer) => {
      if (!sink.write(chunk)) await Promise.race([once(sink, "drain"), done]); // `done` rejects if the archive fails meanwhile
    };
    let written = 0;
    for await (const chunk of opts.chunks) {
      const part = chunk.subarray(0, Math.max(0, opts.size - written));
      if (part.length) await put(part);
      written += part.length;
      if (written >= opts.size) break;
    }
    for (let left = opts.size - written; left > 0; left -= ZEROS.length) await put(ZEROS.subarray(0, Math.min(left, ZEROS.length)));
  }
  sink.end(null); // streamx's types want an argument; null adds nothing
  await done;
}

const addDir = (tar: TarPack, name: string, mode = 0o700) => addEntry(tar, name, { type: "directory" }, mode);
const addBytes = (tar: TarPack, name: string, bytes: Buffer, mode = 0o600) => addEntry(tar, name, { type: "file", size: bytes.length, chunks: [bytes] }, mode);

/** Adds one file as it is now; false when it is gone (a table dropped during the copy). */
async function addFile(tar: TarPack, full: string, name: string): Promise<boolean> {
  let fh: fsp.FileHandle;
  try {
    fh = await fsp.open(full, "r");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
  try {
    const stat = await fh.stat();
    await addEntry(tar, name, { type: "file", size: stat.size, chunks: fileChunks(fh, stat.size) }, stat.mode, stat.mtime);
    return true;
  } finally {
    await fh.close();
  }
}

async function addTree(tar: TarPack, dataDir: string, rel: string): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(path.join(dataDir, rel), { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return; // a database dropped during the copy
    throw e;
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    const child = rel ? `${rel}/${e.name}` : e.name;
    if (leftOut(e.name) || child === "global/pg_control") continue;
    if (e.isSymbolicLink()) throw new Error(`O backup do banco embutido não aceita tablespaces nem links (${child}).`);
    if (e.isDirectory()) {
      await addDir(tar, `${DATA}/${child}`);
      if (!rel && CONTENTS_LEFT_OUT.has(e.name)) {
        if (e.name === "pg_wal") await addDir(tar, `${DATA}/pg_wal/archive_status`);
        continue;
      }
      await addTree(tar, dataDir, child);
    } else if (e.isFile()) {
      await addFile(tar, path.join(dataDir, child), `${DATA}/${child}`);
    }
  }
}

function walNumber(name: string, segmentsPerId: bigint): bigint {
  return BigInt(`0x${name.slice(8, 16)}`) * segmentsPerId + BigInt(`0x${name.slice(16, 24)}`);
}

/** The WAL files from `first` to `last` (same timeline), in order. */
export function walRange(first: string, last: string, segmentBytes: number): string[] {
  const perId = 0x100000000n / BigInt(segmentBytes);
  const tli = first.slice(0, 8);
  if (last.slice(0, 8) !== tli) throw new Error(`O backup atravessou uma troca de linha do tempo (${first} → ${last}).`);
  const out: string[] = [];
  for (let n = walNumber(first, perId); n <= walNumber(last, perId); n++) {
    out.push(`${tli}${(n / perId).toString(16).toUpperCase().padStart(8, "0")}${(n % perId).toString(16).toUpperCase().padStart(8, "0")}`);
  }
  return out;
}

/**
 * Writes a base backup of the server behind `databaseUrl`, whose data directory is `dataDir` (this
 * machine's: the embedded server), to `file` (through `file.partial`, renamed when complete and on
 * disk).
 */
export async function writeBaseBackup(databaseUrl: string, dataDir: string, file: string): Promise<BaseBackupManifest> {
  // One session of its own: the backup and the slot belong to it, and both end if it dies.
  const sql = connect(databaseUrl, { max: 1, onnotice: () => {}, idle_timeout: 0, max_lifetime: null });
  const partial = `${file}.partial`;
  try {
    const [server] = await sql<{ data_directory: string; version: string; segment: number }[]>`
      select current_setting('data_directory') as data_directory, current_setting('server_version') as version,
             (select setting::int from pg_settings where name = 'wal_segment_size') as segment`;
    if (fs.realpathSync(server.data_directory) !== fs.realpathSync(dataDir)) {
      throw new Error(`O servidor conectado guarda seus dados em ${server.data_directory}, não em ${dataDir}.`);
    }
    const databases = (await sql<{ datname: string }[]>`select datname from pg_database where datallowconn order by datname`).map((d) => d.datname);
    const slot = `agenda_backup_${process.pid}_${Date.now()}`;
    await sql`select pg_create_physical_replication_slot(${slot}, true, true)`;
    const [start] = await sql<{ lsn: string }[]>`select pg_backup_start(${`agenda ${new Date().toISOString()}`}, true)::text as lsn`;

    await fsp.mkdir(path.dirname(file), { recursive: true });
    const tar = tarPack();
    const written = pipeline(tar, zlib.createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    written.catch(() => {}); // awaited below; an early failure also surfaces through the writes
    let manifest: BaseBackupManifest;
    try {
      await addDir(tar, DATA);
      await addTree(tar, dataDir, "");
      // pg_control last of the data directory's files, as pg_basebackup sends it.
      await addFile(tar, path.join(dataDir, "global", "pg_control"), `${DATA}/global/pg_control`);

      const [stop] = await sql<{ lsn: string; labelfile: string; spcmapfile: string | null }[]>`
        select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)`;
      // Finishes (and so writes out) the WAL segment holding the backup's end.
      await sql`select pg_switch_wal()`;
      const [{ name: stopFile }] = await sql<{ name: string }[]>`select pg_walfile_name(${stop.lsn}::pg_lsn) as name`;
      const startFile = /START WAL LOCATION: .* \(file ([0-9A-F]{24})\)/.exec(stop.labelfile)?.[1];
      if (!startFile) throw new Error("backup_label sem a posição inicial do WAL.");
      const walFiles = walRange(startFile, stopFile, server.segment);
      for (const wal of walFiles) {
        if (!WAL_NAME.test(wal) || !(await addFile(tar, path.join(dataDir, "pg_wal", wal), `${DATA}/pg_wal/${wal}`))) {
          throw new Error(`O arquivo de WAL ${wal} sumiu durante o backup.`);
        }
      }
      await addBytes(tar, `${DATA}/backup_label`, Buffer.from(stop.labelfile));
      if (stop.spcmapfile) await addBytes(tar, `${DATA}/tablespace_map`, Buffer.from(stop.spcmapfile));
      await sql`select pg_drop_replication_slot(${slot})`;

      manifest = {
        format: "agenda-base-backup",
        version: 1,
        postgres: server.version,
        createdAt: new Date().toISOString(),
        startLsn: start.lsn,
        stopLsn: stop.lsn,
        databases,
        walFiles,
      };
      await addBytes(tar, MANIFEST_NAME, Buffer.from(JSON.stringify(manifest, null, 2) + "\n"), 0o644);
      tar.finalize(); // the two zero blocks that end an archive; then the gzip and the file end
    } catch (e) {
      tar.destroy(e as Error);
      throw e;
    }
    await written;
    const fh = await fsp.open(partial, "r+");
    await fh.sync();
    await fh.close();
    await fsp.rename(partial, file);
    return manifest;
  } catch (e) {
    await fsp.rm(partial, { force: true });
    throw e;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

type EntrySink = { write: (chunk: Buffer) => Promise<void>; end: () => Promise<void>; abort?: () => Promise<void> };

/**
 * Reads the archive `file` (tar-stream), calling `onEntry` for each entry (a directory's or a
 * file's name without the trailing "/") with its contents (a file's bytes, in order, through
 * `write`; awaited, so a slow disk holds the reading back; `abort` when the archive fails in the
 * middle of it). Rejects with the first failure, the archive's or onEntry's: an archive cut short
 * fails (gzip's end is missing; tar-stream fails an entry cut in the middle), as does a header
 * whose checksum is wrong.
 */
async function readArchive(file: string, onEntry: (header: TarHeader) => Promise<EntrySink | null>): Promise<void> {
  const extract = tarExtract();
  let refused: unknown = null; // onEntry's or its sink's failure, as opposed to the archive's
  const ours = <T>(step: () => Promise<T>): Promise<T> =>
    step().catch((e: unknown) => {
      throw (refused = e);
    });
  extract.on("entry", (header, entry, next) => {
    entry.on("error", () => {}); // read through its iterator; the archive's failure rejects the pipeline
    (async () => {
      const sink = await ours(async () => {
        if (header.type !== "file" && header.type !== "directory") throw new Error(`Entrada de tipo não suportado no backup: ${header.name}`);
        return onEntry({ ...header, name: header.name.replace(/\/+$/, "") });
      });
      try {
        for await (const chunk of entry as AsyncIterable<Buffer>) if (sink) await ours(() => sink.write(chunk));
      } catch (e) {
        await sink?.abort?.();
        throw e;
      }
      if (sink) await ours(() => sink.end());
    })().then(
      () => next(), // the next entry only after this one is on disk
      (e: Error) => next(e),
    );
  });
  try {
    await pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  } catch (e) {
    if (e === refused || (e as NodeJS.ErrnoException).syscall) throw e; // ours, or the disk's
    throw new Error(`Arquivo de backup incompleto ou corrompido (${(e as Error).message}).`, { cause: e });
  }
}

/**
 * Unpacks a base backup into `dataDir`, which must not exist yet: first into a sibling folder,
 * renamed into place only when the whole archive (manifest included) was read. The server started
 * on it then replays the backup's WAL and opens (db/embedded.ts's startEmbeddedPostgres).
 */
export async function unpackBaseBackup(file: string, dataDir: string): Promise<BaseBackupManifest> {
  dataDir = path.resolve(dataDir);
  if (fs.existsSync(dataDir)) throw new Error(`${dataDir} já existe.`);
  const staging = `${dataDir}.restaurando`;
  await fsp.rm(staging, { recursive: true, force: true });
  await fsp.mkdir(staging, { recursive: true, mode: 0o700 });
  let manifest: BaseBackupManifest | null = null;
  try {
    await readArchive(file, async (entry) => {
      if (entry.name === MANIFEST_NAME) {
        const parts: Buffer[] = [];
        return {
          write: async (c) => void parts.push(c),
          end: async () => void (manifest = JSON.parse(Buffer.concat(parts).toString("utf8")) as BaseBackupManifest),
        };
      }
      if (entry.name !== DATA && !entry.name.startsWith(`${DATA}/`)) return null;
      const target = path.resolve(staging, entry.name.slice(DATA.length + 1));
      if (target !== staging && !target.startsWith(`${staging}${path.sep}`)) throw new Error(`Caminho fora do destino no backup: ${entry.name}`);
      if (entry.type === "directory") {
        await fsp.mkdir(target, { recursive: true, mode: 0o700 });
        return null;
      }
      await fsp.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const fh = await fsp.open(target, "w", 0o600);
      return {
        write: async (c) => void (await fh.write(c)),
        end: async () => {
          try {
            await fh.sync();
          } finally {
            await fh.close();
          }
        },
        abort: () => fh.close(),
      };
    });
    const m = manifest as BaseBackupManifest | null;
    if (!m || m.format !== "agenda-base-backup") throw new Error("O arquivo não é um backup completo do banco embutido (falta agenda-backup.json).");
    await fsp.rename(staging, dataDir);
    return m;
  } catch (e) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw e;
  }
}
