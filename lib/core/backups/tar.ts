/**
 * The little of the tar format (POSIX ustar) a base backup needs: regular files and directories,
 * written to and read from a stream. GNU tar and bsdtar read what this writes
 * (`tar -tzf agenda-….base.tar.gz`).
 */
import { once } from "node:events";
import type { Readable, Writable } from "node:stream";

const BLOCK = 512;

export type TarEntry = { name: string; type: "file" | "dir"; mode: number; size: number; mtime: Date };

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: "", base: name };
  const cut = name.lastIndexOf("/", 155);
  const prefix = name.slice(0, cut);
  const base = name.slice(cut + 1);
  if (cut <= 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(base) > 100) throw new Error(`Nome longo demais para o arquivo tar: ${name}`);
  return { prefix, base };
}

function header(entry: TarEntry): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === "dir" && !entry.name.endsWith("/") ? `${entry.name}/` : entry.name);
  h.write(base, 0, 100, "utf8");
  h.write(octal(entry.mode & 0o7777, 8), 100, "ascii");
  h.write(octal(0, 8), 108, "ascii");
  h.write(octal(0, 8), 116, "ascii");
  h.write(octal(entry.type === "file" ? entry.size : 0, 12), 124, "ascii");
  h.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, "ascii");
  h.write("        ", 148, "ascii");
  h.write(entry.type === "file" ? "0" : "5", 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  h.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(octal(sum, 7) + " ", 148, "ascii");
  return h;
}

/** Writes entries to `out` (a gzip stream, say), minding its back-pressure. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  private async put(chunk: Buffer) {
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  async dir(name: string, mode = 0o700, mtime = new Date()) {
    await this.put(header({ name, type: "dir", mode, size: 0, mtime }));
  }

  /**
   * A file of exactly `size` bytes: `chunks` may give fewer (a file truncated while it was read:
   * the rest is zeros, as pg_basebackup does; WAL replay rewrites such pages) but never more.
   */
  async file(name: string, size: number, chunks: AsyncIterable<Buffer> | Iterable<Buffer>, mode = 0o600, mtime = new Date()) {
    await this.put(header({ name, type: "file", mode, size, mtime }));
    let written = 0;
    for await (const chunk of chunks) {
      const part = chunk.subarray(0, Math.max(0, size - written));
      if (part.length) await this.put(part);
      written += part.length;
      if (written >= size) break;
    }
    const zeros = size - written + ((BLOCK - (size % BLOCK)) % BLOCK);
    for (let left = zeros; left > 0; left -= 1 << 20) await this.put(Buffer.alloc(Math.min(left, 1 << 20)));
  }

  /** The two zero blocks that end an archive; then ends `out`. */
  async finish() {
    await this.put(Buffer.alloc(BLOCK * 2));
    this.out.end();
    await once(this.out, "finish");
  }
}

function readString(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  return text ? parseInt(text, 8) : 0;
}

/**
 * Reads an archive from `input`, calling `onEntry` for each entry with its contents (a file's
 * bytes, in order, through `write`; awaited, so a slow disk holds the input back).
 */
export async function readTar(
  input: Readable,
  onEntry: (entry: TarEntry) => Promise<{ write: (chunk: Buffer) => Promise<void>; end: () => Promise<void> } | null>,
): Promise<void> {
  let buffered: Buffer = Buffer.alloc(0);
  let current: { left: number; pad: number; sink: Awaited<ReturnType<typeof onEntry>> } | null = null;
  let ended = false;
  for await (const data of input as AsyncIterable<Buffer>) {
    buffered = buffered.length ? Buffer.concat([buffered, data]) : data;
    for (;;) {
      if (ended) break;
      if (current) {
        if (current.left > 0) {
          if (!buffered.length) break;
          const part = buffered.subarray(0, Math.min(current.left, buffered.length));
          buffered = buffered.subarray(part.length);
          current.left -= part.length;
          if (current.sink) await current.sink.write(part);
          if (current.left > 0) break;
        }
        if (buffered.length < current.pad) break;
        buffered = buffered.subarray(current.pad);
        if (current.sink) await current.sink.end();
        current = null;
      }
      if (buffered.length < BLOCK) break;
      const block = buffered.subarray(0, BLOCK);
      buffered = buffered.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        break;
      }
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
      if (sum !== readOctal(block, 148, 8)) throw new Error("Arquivo de backup corrompido (cabeçalho tar inválido).");
      const prefix = readString(block, 345, 155);
      const base = readString(block, 0, 100);
      const typeflag = String.fromCharCode(block[156] || 48);
      const size = readOctal(block, 124, 12);
      const type = typeflag === "5" ? "dir" : typeflag === "0" ? "file" : null;
      if (!type) throw new Error(`Entrada de tipo não suportado no backup: ${base}`);
      const name = (prefix ? `${prefix}/${base}` : base).replace(/\/$/, "");
      const entry: TarEntry = { name, type, mode: readOctal(block, 100, 8), size: type === "file" ? size : 0, mtime: new Date(readOctal(block, 136, 12) * 1000) };
      const sink = await onEntry(entry);
      current = { left: entry.size, pad: (BLOCK - (entry.size % BLOCK)) % BLOCK, sink };
    }
  }
  if (!ended || current) throw new Error("Arquivo de backup incompleto (terminou antes do fim).");
}
