/**
 * `tsx --import ./scripts/allow-server-only.mjs script.ts`: lets a command-line script load lib/ modules marked
 * `import "server-only"` (a script is server code) without `--conditions=react-server`, which would also hand it
 * React's server-components build, with which react-email cannot render a mail.
 */
import Module, { register } from "node:module";
import { fileURLToPath } from "node:url";

const EMPTY = new URL("./empty-module.cjs", import.meta.url).href;

// ES module imports (tsx resolves dynamic import() this way).
const hooks = `export async function resolve(specifier, context, next) {
  return specifier === "server-only" ? { url: ${JSON.stringify(EMPTY)}, shortCircuit: true } : next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

// CommonJS require().
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "server-only" ? fileURLToPath(EMPTY) : resolveFilename.call(this, request, ...rest);
};
