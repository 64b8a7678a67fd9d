import { readCapped } from "@/lib/platform/http/read-capped";

/** A stream of the given chunks that records whether the reader cancelled it. */
function streamOf(chunks: string[]) {
  const state = { cancelled: false, pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled === chunks.length) return controller.close();
      controller.enqueue(new TextEncoder().encode(chunks[state.pulled++]));
    },
    cancel() {
      state.cancelled = true;
    },
  }, { highWaterMark: 0 }); // pulls only when read, so `pulled` counts what the reader asked for
  return { stream, state };
}

describe("readCapped", () => {
  const tooLarge = () => new Error("too large");

  it("returns the whole body when it fits, the limit included", async () => {
    const { stream } = streamOf(["abc", "def"]);
    expect((await readCapped(stream, 6, tooLarge)).toString()).toBe("abcdef");
    expect((await readCapped(null, 0, tooLarge)).length).toBe(0);
  });

  it("stops at the chunk that passes the limit, cancels the stream and throws the caller's error", async () => {
    const { stream, state } = streamOf(["abc", "def", "ghi", "never read"]);
    await expect(readCapped(stream, 5, tooLarge)).rejects.toThrow("too large");
    expect(state).toEqual({ cancelled: true, pulled: 2 });
  });
});
