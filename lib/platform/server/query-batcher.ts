/**
 * Runs at most `concurrency` statements at a time and, while they run, gathers the calls that arrive into the next
 * batch: one statement answers all of them (the share lookup under load, e.g. a link in a newsletter).
 *
 * Why this is not a cache: a call only ever joins a batch that has not been sent yet, so the statement that answers it
 * starts after the call arrived and sees everything committed before then, exactly as a statement of its own would.
 * Under light load nothing waits: a call with a free slot is sent at once, alone.
 */
export type QueryBatcher<I, O> = (item: I) => Promise<O>;

type Waiting<I, O> = { item: I; resolve: (out: O) => void; reject: (err: unknown) => void };

export function createQueryBatcher<I, O>(
  /** Answers every item, in order (one answer per item). */
  runBatch: (items: I[]) => Promise<O[]>,
  { concurrency, maxBatch }: { concurrency: number; maxBatch: number },
): QueryBatcher<I, O> {
  let inFlight = 0;
  const queue: Waiting<I, O>[] = [];

  const launch = (batch: Waiting<I, O>[]) => {
    inFlight++;
    // The batch's promise settles each caller; a failure fails only the calls of this batch.
    Promise.resolve()
      .then(() => runBatch(batch.map((w) => w.item)))
      .then(
        (outs) => {
          if (outs.length !== batch.length) throw new Error(`query batch answered ${outs.length} of ${batch.length} items`);
          batch.forEach((w, i) => w.resolve(outs[i]));
        },
      )
      .catch((err: unknown) => batch.forEach((w) => w.reject(err)))
      .finally(() => {
        inFlight--;
        if (queue.length > 0) launch(queue.splice(0, maxBatch));
      });
  };

  return (item) =>
    new Promise<O>((resolve, reject) => {
      const waiting = { item, resolve, reject };
      if (inFlight < concurrency) launch([waiting]);
      else queue.push(waiting);
    });
}
