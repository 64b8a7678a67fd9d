import { onShutdown, runShutdownHooks } from "@/lib/platform/process/shutdown";

describe("runShutdownHooks", () => {
  it("runs stage 0 to its end before stage 1, goes on past a failing hook, and runs each hook once", async () => {
    const order: string[] = [];
    let releaseJobs!: () => void;
    const jobsEnd = new Promise<void>((r) => (releaseJobs = r));
    onShutdown("pools", 1, async () => void order.push("pools closed"));
    onShutdown("jobs", 0, async () => {
      order.push("jobs stopping");
      await jobsEnd;
      order.push("jobs stopped");
    });
    onShutdown("broken", 0, async () => {
      throw new Error("boom");
    });
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const done = runShutdownHooks();
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["jobs stopping"]);
    releaseJobs();
    await done;
    expect(order).toEqual(["jobs stopping", "jobs stopped", "pools closed"]);
    expect(errors).toHaveBeenCalledWith("[shutdown] broken failed", expect.any(Error));
    await runShutdownHooks();
    expect(order).toHaveLength(3);
    errors.mockRestore();
  });

  it("keeps one hook per name (a dev server's reload registers again)", async () => {
    const calls: string[] = [];
    onShutdown("pools", 1, async () => void calls.push("first"));
    onShutdown("pools", 1, async () => void calls.push("second"));
    await runShutdownHooks();
    expect(calls).toEqual(["second"]);
  });
});
