/**
 * `npm run bench` (after `npm run build`): every performance budget, each against its own production server on a
 * throw-away DATA_DIR (verify and reader run in-process, no server). `npm run bench -- share` runs one (workspace, share,
 * timestamps, evidence, evidence-pack, watermark, verify, reader, hostile, engagement). `npm run bench -- soak` runs the soak, only when named.
 */
import { benchWorkspace } from "./workspace";
import { benchShare } from "./share";
import { benchTimestamps } from "./timestamps";
import { benchEvidence } from "./evidence";
import { benchEvidencePack } from "./evidence-pack";
import { benchWatermark } from "./watermark";
import { benchVerify } from "./verify";
import { benchReader } from "./reader";
import { benchHostile } from "./hostile";
import { benchEngagement } from "./engagement";
import { benchSoak } from "./soak";

const suites: Record<string, () => Promise<void>> = {
  workspace: benchWorkspace,
  share: benchShare,
  timestamps: benchTimestamps,
  evidence: benchEvidence,
  "evidence-pack": benchEvidencePack,
  watermark: benchWatermark,
  verify: benchVerify,
  reader: benchReader,
  hostile: benchHostile,
  engagement: benchEngagement,
};

/** Run only when named (`npm run bench -- soak`): five and a half minutes of load is not part of the budgets' pass. */
const onDemand: Record<string, () => Promise<void>> = { soak: benchSoak };

async function main() {
  const wanted = process.argv.slice(2);
  for (const name of wanted.length ? wanted : Object.keys(suites)) {
    const run = suites[name] ?? onDemand[name];
    if (!run) throw new Error(`unknown benchmark "${name}" (${[...Object.keys(suites), ...Object.keys(onDemand)].join(", ")})`);
    console.log(`\n== ${name}`);
    await run();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
