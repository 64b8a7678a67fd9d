import { createQueryBatcher } from "@/lib/platform/server/query-batcher";

/** A runBatch whose statements stay open until the test releases them, recording what each one was sent. */
function controllableRun() {
  const sent: number[][] = [];
  const open: { items: number[]; release: () => void; fail: (err: Error) => void }[] = [];
  const run = (items: number[]) => {
    sent.push(items);
    return new Promise<string[]>((resolve, reject) => {
      open.push({ items, release: () => resolve(items.map((i) => `answer ${i}`)), fail: reject });
    });
  };
  return { run, sent, open };
}

const settled = () => new Promise((r) => setImmediate(r));

describe("createQueryBatcher", () => {
  it("sends a call at once, alone, while a slot is free", async () => {
    const { run, sent, open } = controllableRun();
    const lookup = createQueryBatcher(run, { concurrency: 2, maxBatch: 10 });
    const a = lookup(1);
    const b = lookup(2);
    await settled();
    expect(sent).toEqual([[1], [2]]);
    open.forEach((s) => s.release());
    await expect(Promise.all([a, b])).resolves.toEqual(["answer 1", "answer 2"]);
  });

  it("gathers the calls that arrive while every slot is busy into one later statement, each answered with its own item", async () => {
    const { run, sent, open } = controllableRun();
    const lookup = createQueryBatcher(run, { concurrency: 1, maxBatch: 10 });
    const first = lookup(1);
    await settled();
    const waiting = [lookup(2), lookup(3), lookup(4)];
    await settled();
    // Nothing joins the statement already sent: its snapshot may predate the later calls.
    expect(sent).toEqual([[1]]);
    open[0].release();
    await expect(first).resolves.toBe("answer 1");
    await settled();
    expect(sent).toEqual([[1], [2, 3, 4]]);
    open[1].release();
    await expect(Promise.all(waiting)).resolves.toEqual(["answer 2", "answer 3", "answer 4"]);
  });

  it("caps a batch at maxBatch and sends the rest in the next one", async () => {
    const { run, sent, open } = controllableRun();
    const lookup = createQueryBatcher(run, { concurrency: 1, maxBatch: 2 });
    const calls = [lookup(1), lookup(2), lookup(3), lookup(4)];
    for (let i = 0; i < 3; i++) {
      await settled();
      open[i].release();
    }
    await expect(Promise.all(calls)).resolves.toEqual(["answer 1", "answer 2", "answer 3", "answer 4"]);
    expect(sent).toEqual([[1], [2, 3], [4]]);
  });

  it("fails only the calls of a failed statement and goes on with the next batch", async () => {
    const { run, open } = controllableRun();
    const lookup = createQueryBatcher(run, { concurrency: 1, maxBatch: 10 });
    const first = lookup(1);
    await settled();
    const second = lookup(2);
    open[0].fail(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await settled();
    open[1].release();
    await expect(second).resolves.toBe("answer 2");
  });

  it("refuses a statement that answers a different number of items than it was sent", async () => {
    const lookup = createQueryBatcher(async () => ["only one"], { concurrency: 1, maxBatch: 10 });
    const first = lookup(1);
    const [a, b] = [lookup(2), lookup(3)];
    await expect(first).resolves.toBe("only one");
    await expect(a).rejects.toThrow("answered 1 of 2 items");
    await expect(b).rejects.toThrow("answered 1 of 2 items");
  });
});
