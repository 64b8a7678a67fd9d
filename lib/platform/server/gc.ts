import "server-only";
import v8 from "node:v8";
import vm from "node:vm";

/**
 * A full garbage collection on request, for the few jobs that make a lot of short-lived garbage in one request: the
 * evidence pack builds a certificate PDF per acceptance, about 0.5 MB of garbage each, which V8 otherwise promotes
 * and keeps until the heap has grown by hundreds of MB (measured: +165 MB of RSS per 200-acceptance pack with the
 * default heap, +5 MB when collected every 25 certificates). `gc` is exposed once, through V8's own flag, without
 * changing how the process is started. Null where the runtime refuses (then nothing is collected early).
 */
type Gc = (options?: { type?: "major" | "minor"; execution?: "sync" | "async" }) => void;
let collect: Gc | null | undefined;

export function collectGarbage() {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString("--expose-gc");
      collect = vm.runInNewContext("gc") as Gc;
    } catch {
      collect = null;
    }
  }
  // Asynchronous: V8 marks concurrently instead of stopping every request for the whole collection.
  collect?.({ type: "major", execution: "async" });
}
