import "server-only";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/**
 * A ZIP built while it is sent (fflate), with the behaviour of 'Download my data' (lib/features/account/export.ts): the stream
 * is pulled, and each pull adds the next entry only when the consumer has taken everything before it, so memory
 * stays at about one entry whatever the archive's size. No ZIP64: an archive stays under 4 GB.
 */
export type ZipEntry = { name: string; compress: boolean; chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };

/** Files are handed to the ZIP in slices, so the stream's chunks stay small whatever the file's size. */
const SLICE = 256 * 1024;

export function* slices(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i += SLICE) yield bytes.subarray(i, Math.min(i + SLICE, bytes.length));
}

export type ZipStreamOptions = {
  /** Every entry's modification time. */
  mtime: Date;
  /** Names the archive in the server's log when it stops. */
  label: string;
  /**
   * Runs once the last bytes of the archive were handed to the consumer, before the stream closes; if it throws, the
   * stream errors instead of closing (the client sees a failed download, not a complete one). Not run when the
   * consumer cancelled.
   */
  onComplete?: () => Promise<void>;
};

/**
 * The ZIP of `entries` as a byte stream. Nothing is read before the consumer pulls; each pull adds the next entry (all
 * its slices) to the ZIP and hands on what the ZIP wrote. fflate's Zip writes synchronously from push(), so the queue
 * never holds more than one entry's output.
 */
export function zipStream(entries: AsyncGenerator<ZipEntry>, opts: ZipStreamOptions): ReadableStream<Uint8Array> {
  const queue: Uint8Array[] = [];
  let zipError: Error | null = null;
  let finished = false;
  const zip = new Zip((err, chunk, final) => {
    if (err) zipError = err;
    else queue.push(chunk);
    if (final) finished = true;
  });
  let ended = false;
  let cancelled = false;

  const addEntry = async (entry: ZipEntry) => {
    const file = entry.compress ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
    file.mtime = opts.mtime;
    zip.add(file);
    for await (const chunk of entry.chunks) file.push(chunk);
    file.push(new Uint8Array(0), true);
  };

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          while (!queue.length && !ended && !cancelled) {
            const next = await entries.next();
            if (next.done) {
              ended = true;
              zip.end();
            } else {
              await addEntry(next.value);
            }
            if (zipError) throw zipError;
          }
          if (cancelled) return;
          // Every pull must enqueue or close: a pull that does neither leaves the reader waiting for good.
          if (ended && !finished) throw new Error("the ZIP did not finish");
          for (const chunk of queue.splice(0)) controller.enqueue(chunk);
          if (ended) {
            if (opts.onComplete) await opts.onComplete();
            controller.close();
          }
        } catch (err) {
          if (cancelled) return; // the reader left (a closed tab): nothing to report
          console.error(`[${opts.label}] the archive stopped`, err);
          controller.error(err);
          void entries.return(undefined);
        }
      },
      async cancel() {
        cancelled = true;
        await entries.return(undefined);
      },
    },
    // No read-ahead: nothing is read or decrypted before the consumer asks for bytes.
    { highWaterMark: 0 },
  );
}
