import * as linkify from "linkifyjs";
import { createLinkifyOnDemand } from "@/components/editor/linkify-on-demand";
import { CUSTOM_LINK_PROTOCOLS } from "@/components/editor/link-prompt";

/** The real scanner behind a loader whose calls are counted and whose answer the test releases. */
function deferredLinkify() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = jest.fn(async () => {
    await gate;
    return linkify;
  });
  return { load, release };
}

afterEach(() => {
  linkify.reset();
});

describe("linkify on demand (the editor's URL scanner, loaded on first focus)", () => {
  it("finds nothing before the scanner has loaded, asks for it once, and finds links afterwards", async () => {
    const { load, release } = deferredLinkify();
    const onDemand = createLinkifyOnDemand(load);

    expect(onDemand.find("see example.com")).toEqual([]);
    expect(onDemand.tokenize("example.com")).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);

    const loaded = onDemand.loadLinkify();
    release();
    await loaded;
    expect(load).toHaveBeenCalledTimes(1);
    expect(onDemand.find("see example.com")).toEqual([expect.objectContaining({ isLink: true, href: "http://example.com" })]);
    expect(onDemand.tokenize("example.com").map((t) => t.isLink)).toEqual([true]);
  });

  it("hands protocols registered before the load to the scanner before its first scan", async () => {
    const { load, release } = deferredLinkify();
    const onDemand = createLinkifyOnDemand(load);
    // The editor's own (components/editor/link-prompt.ts): tel and xmpp take no "//".
    for (const scheme of CUSTOM_LINK_PROTOCOLS) onDemand.registerCustomProtocol(scheme, true);

    release();
    await onDemand.loadLinkify();
    expect(onDemand.find("call tel:5551234567 now").map((l) => l.href)).toEqual(["tel:5551234567"]);
    expect(onDemand.find("xmpp:ada@example.com").map((l) => l.isLink)).toEqual([true]);
  });

  it("reset forgets protocols not yet handed over, and resets the loaded scanner", async () => {
    const { load, release } = deferredLinkify();
    const onDemand = createLinkifyOnDemand(load);
    onDemand.registerCustomProtocol("tel", true);
    onDemand.reset();

    release();
    await onDemand.loadLinkify();
    expect(onDemand.find("tel:5551234567").filter((l) => l.isLink)).toEqual([]);

    onDemand.reset();
    onDemand.registerCustomProtocol("tel", true);
    expect(onDemand.find("tel:5551234567").map((l) => l.href)).toEqual(["tel:5551234567"]);
  });
});
