import "server-only";
import { stringify } from "csv-stringify/sync";
import { csvRecord, CSV_CONTENT_TYPE, CSV_OPTIONS, attachmentHeader } from "./csv";

/**
 * What an export streams: its header, its rows' cells, and its rows read a batch at a time
 * (`read(null)` the first batch, `read(cursor)` the next one after `cursorOf` the last row; a batch
 * shorter than `batch` is the last). `label` names the export in the server's log.
 */
export type CsvSource<Row, Cursor> = {
  label: string;
  header: readonly string[];
  cells: (row: Row) => readonly (string | null | undefined)[];
  read: (after: Cursor | null) => Promise<Row[]>;
  cursorOf: (row: Row) => Cursor;
  batch: number;
};

/**
 * A CSV file as a byte stream (every export goes through it): the rows read in keyset batches and
 * written a batch at a time (one chunk each: 100,000 one-line chunks through the web stream cost
 * seconds), every cell formula-safe (`csvRecord`), the BOM once. The next batch is read only when
 * the client has taken the previous one, so memory stays flat whatever the count, and no connection
 * or transaction is held in between. The first batch is read before answering, so a failure is
 * still a clean error. Call only after checking the caller may read the rows.
 */
export async function csvStream<Row, Cursor>(source: CsvSource<Row, Cursor>): Promise<ReadableStream<Uint8Array>> {
  const { header, cells, read, cursorOf, batch: size, label } = source;
  let batch: Row[] | null = await read(null);
  // Between two pulls only the cursor is kept: the written batch is already garbage while the next
  // one is read, so it dies young instead of being promoted and growing the heap.
  let next: Cursor | null = null;
  let first = true;
  // The person gave up (closed the tab, cancelled the download): a read under way is dropped.
  let cancelled = false;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!batch && next !== null) batch = await read(next);
        if (cancelled) return;
        if (!batch) {
          controller.close();
          return;
        }
        const records = batch.map((row) => csvRecord(cells(row)));
        if (first) records.unshift(csvRecord(header));
        controller.enqueue(encoder.encode(stringify(records, { ...CSV_OPTIONS, bom: first })));
        first = false;
        next = batch.length < size || batch.length === 0 ? null : cursorOf(batch[batch.length - 1]);
        batch = null;
      } catch (e) {
        if (cancelled) return;
        console.error(`[csv ${label}]`, e);
        controller.error(e);
      }
    },
    cancel() {
      cancelled = true;
      batch = null;
      next = null;
    },
  });
}

/** A rows-once export (a report already bounded by its period): one batch, the whole list. */
export function csvOnce<Row>(label: string, header: readonly string[], cells: CsvSource<Row, never>["cells"], rows: () => Promise<Row[]>) {
  return csvStream<Row, never>({ label, header, cells, read: rows, cursorOf: () => undefined as never, batch: Number.POSITIVE_INFINITY });
}

/** The download's answer: the stream as an attachment named `fileName`, never cached or sniffed. */
export function csvResponse(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": CSV_CONTENT_TYPE,
      "Content-Disposition": attachmentHeader(fileName),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
