import { downloadFileName, downloadProgressText, formatBytes } from "@/client/streamed-download";

describe("streamed download helpers", () => {
  it("words byte counts as people read sizes", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(1.5 * 1024 * 1024)).toBe("1.5 MB");
  });

  it("says Preparing… until bytes arrive, then how many", () => {
    expect(downloadProgressText({ phase: "idle" })).toBe("");
    expect(downloadProgressText({ phase: "preparing" })).toBe("Preparing…");
    expect(downloadProgressText({ phase: "downloading", received: 3 * 1024 })).toBe("3 KB received");
  });

  it("keeps the server's file name, else the default", () => {
    expect(downloadFileName('attachment; filename="evidence-idea-7.zip"', "x.zip")).toBe("evidence-idea-7.zip");
    expect(downloadFileName(null, "x.zip")).toBe("x.zip");
    expect(downloadFileName("attachment", "x.zip")).toBe("x.zip");
  });
});
