import { EnvError } from "../env";
import { InstanceLockedError } from "./instance-lock";

/** A failure already worded as the one sentence the operator reads. */
export class StartupError extends Error {
  override name = "StartupError";
}

/** The embedded PostgreSQL could not be started (lib/platform/server/embedded-db.ts, which jest cannot load: it is ESM). */
export class EmbeddedDbError extends StartupError {
  override name = "EmbeddedDbError";
}

/** The first line of whatever was thrown: libraries reject with strings, undefined, or objects as well as Errors. */
export function reasonOf(err: unknown): string {
  if (err instanceof Error) return err.message.split("\n")[0].trim() || err.name;
  if (typeof err === "string") return err.split("\n")[0].trim() || "an empty message";
  if (err === undefined || err === null) return "no reason given";
  try {
    return JSON.stringify(err) ?? String(err);
  } catch {
    return String(err);
  }
}

function envSentence(message: string): string {
  const details = message
    .replace(/^Invalid environment configuration:\s*/, "")
    .replace(/\s*See \.env\.local\.example\.\s*$/, "")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean)
    .join("; ")
    .replace(/\.$/, "");
  return `The configuration is not usable (${details}): set or correct these variables in the environment or .env.local (.env.local.example describes each).`;
}

/**
 * One sentence for a failed start-up of `npm start` / `npm run dev`, saying what to do; never a stack trace
 * (scripts/serve.ts prints the stack only with DEBUG set).
 */
export function startupFailureMessage(err: unknown): string {
  if (err instanceof StartupError || err instanceof InstanceLockedError) return err.message;
  if (err instanceof EnvError) return envSentence(err.message);
  const e = (err ?? {}) as NodeJS.ErrnoException & { port?: number };
  if (e.syscall === "listen" && e.code === "EADDRINUSE") {
    return `Port ${e.port ?? "PORT"} is already in use: stop the program listening there, or set PORT to a free port.`;
  }
  if (e.syscall === "listen" && (e.code === "EACCES" || e.code === "EPERM")) {
    return `This user may not listen on port ${e.port ?? "PORT"}: set PORT to a port above 1023.`;
  }
  const reason = reasonOf(err);
  if (/Could not find a production build/i.test(reason)) {
    return "There is no production build: run `npm run build` first, then `npm start` (or use `npm run dev`).";
  }
  return `IdeaVault did not start (${reason.replace(/\.$/, "")}): fix the cause it names and start again (DEBUG=1 prints the stack trace).`;
}
