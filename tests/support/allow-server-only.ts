import Module from "node:module";
import path from "node:path";

/**
 * Lets a Playwright spec (test code, run by Node) load lib/ modules marked `import "server-only"`, as jest's
 * moduleNameMapper and scripts/allow-server-only.mjs do for jest and scripts. Import it before any such module.
 */
const EMPTY = path.join(__dirname, "../setup/empty-module.js");
const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolveFilename = loader._resolveFilename;
loader._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  return request === "server-only" ? EMPTY : resolveFilename.call(this, request, ...rest);
};
