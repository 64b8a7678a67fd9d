/**
 * Child of `npm run bench -- watermark`: times lib/domain/files/watermark.ts watermarkPdf alone on the PDF given as the
 * first argument (run with --conditions=react-server so server-only modules load outside Next.js). Prints JSON.
 */
import fs from "node:fs";
import { watermarkPdf } from "@/lib/domain/files/watermark";

async function main() {
  const pdf = fs.readFileSync(process.argv[2]!);
  const runs = Number(process.argv[3] ?? 8);
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const out = await watermarkPdf(pdf, { name: "Łukasz Дмитрий", email: "lukasz@example.com", accessedAt: new Date() });
    times.push(performance.now() - t);
    size = out.length;
  }
  console.log(JSON.stringify({ times, size }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
