import { updateIdea } from "@/components/editor/idea-api";

/** Autosave on leaving: the save sent as the tab closes must outlive the page. */

let inits: RequestInit[];
const realFetch = global.fetch;

beforeEach(() => {
  inits = [];
  global.fetch = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    inits.push(init ?? {});
    return new Response('{"id":1}', { status: 200 });
  }) as typeof fetch;
});
afterAll(() => {
  global.fetch = realFetch;
});

describe("updateIdea", () => {
  it("is an ordinary request while the page stays", async () => {
    await updateIdea(1, "Title", "<p>text</p>");
    expect(inits[0]).toMatchObject({ method: "PUT" });
    expect(inits[0].keepalive).toBeUndefined();
  });

  it("is a keepalive request when the page is being left, so closing the tab does not cancel it", async () => {
    await updateIdea(1, "Title", "<p>text</p>", { leaving: true });
    expect(inits[0]).toMatchObject({ method: "PUT", keepalive: true });
    expect(JSON.parse(String(inits[0].body))).toEqual({ title: "Title", content: "<p>text</p>" });
  });

  it("stays an ordinary request past the browsers' 64 KiB keepalive limit (a keepalive request that large is refused outright)", async () => {
    await updateIdea(1, "Title", `<p>${"x".repeat(70 * 1024)}</p>`, { leaving: true });
    expect(inits[0].keepalive).toBeUndefined();
  });
});
