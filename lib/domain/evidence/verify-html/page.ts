import { summary, verifyPack, type Check } from "./checks";

/**
 * verify.html's page: takes the pack ZIP from the file input or a drop, runs every check in this browser (nothing is
 * sent anywhere: the page's CSP allows no connection at all) and lists them as they finish.
 */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Above this many checks the full list starts folded: laying out thousands of lines costs more than the checks. */
const OPEN_LIST_UP_TO = 300;

function checkItem(check: Check): HTMLLIElement {
  const li = document.createElement("li");
  li.className = check.ok ? "ok" : "fail";
  const mark = document.createElement("span");
  mark.className = "mark";
  mark.setAttribute("aria-hidden", "true");
  mark.textContent = check.ok ? "✓" : "✗";
  const said = document.createElement("span");
  said.className = "sr-only";
  said.textContent = check.ok ? "Passed: " : "Failed: ";
  const title = document.createElement("strong");
  title.textContent = check.title;
  const file = document.createElement("code");
  file.textContent = check.file;
  const detail = document.createElement("span");
  detail.className = "detail";
  detail.textContent = check.detail;
  li.append(mark, said, title, " — ", file, detail);
  return li;
}

async function verifyFile(file: File) {
  const status = $("status");
  const progress = $("progress");
  const list = $<HTMLOListElement>("checks");
  const result = $("result");
  const failures = $<HTMLOListElement>("failures");
  list.replaceChildren();
  failures.replaceChildren();
  $("failed").hidden = true;
  result.textContent = "";
  result.className = "";
  document.body.dataset.state = "running";
  status.textContent = `Checking ${file.name}…`;
  const started = performance.now();
  // The list is built aside and shown once complete: laying out a growing list of a thousand items frame after frame
  // took longer than the checks. Meanwhile a counter (outside the live region: not read out at every step) shows progress.
  const items = document.createDocumentFragment();
  let done = 0;
  let frame = 0;
  const checks = await verifyPack(new Uint8Array(await file.arrayBuffer()), (check) => {
    items.append(checkItem(check));
    done++;
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      progress.textContent = `${done} checks done…`;
    });
  });
  cancelAnimationFrame(frame);
  progress.textContent = "";
  const failed = checks.some((c) => !c.ok);
  failures.append(...checks.filter((c) => !c.ok).map(checkItem));
  $("failed").hidden = !failed;
  $<HTMLDetailsElement>("all").open = checks.length <= OPEN_LIST_UP_TO;
  $("all-summary").textContent = `Every check run on the pack (${checks.length})`;
  list.append(items);
  result.textContent = summary(checks);
  result.className = failed ? "fail" : "ok";
  // The time a reader waits: until the list and the result are painted (the timeout runs after the frame's paint).
  await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  status.textContent = `${file.name}: ${checks.length} checks in ${seconds} s.`;
  document.body.dataset.seconds = seconds;
  document.body.dataset.state = failed ? "failed" : "passed";
  result.focus();
}

function start() {
  const input = $<HTMLInputElement>("pack");
  const zone = $("drop");
  const run = (file: File | undefined) => {
    if (!file) return;
    verifyFile(file).catch((err: unknown) => {
      $("result").textContent = `Check failed: ${file.name}: ${err instanceof Error ? err.message : String(err)}`;
      $("result").className = "fail";
      document.body.dataset.state = "failed";
    });
  };
  input.addEventListener("change", () => run(input.files?.[0]));
  // The whole window takes the drop: a file dropped beside the zone must not make the browser open it instead.
  for (const type of ["dragenter", "dragover"]) {
    window.addEventListener(type, (e) => {
      e.preventDefault();
      zone.classList.add("over");
    });
  }
  window.addEventListener("dragleave", () => zone.classList.remove("over"));
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    zone.classList.remove("over");
    run((e as DragEvent).dataTransfer?.files[0]);
  });
  document.body.dataset.state = "ready";
}

start();
