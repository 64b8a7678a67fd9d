/**
 * A records custodian's declaration for an evidence pack, in the style of US Federal Rules of Evidence 902(11)
 * (records of a regularly conducted activity) and 902(14) (data copied from an electronic file, identified by its
 * hash), pre-filled with what identifies the pack: its manifest's SHA-256. It is a template for a person to
 * complete and sign, not a statement the service makes; it follows the manifest in the pack and is the one file the
 * manifest cannot list (it names the manifest's digest).
 */
export const CERTIFICATION_FILE = "certification.txt";

/** What the pack is of: an idea (one log, log/log.jsonl) or a room (a log per idea, log/ID/log.jsonl). */
export type CertificationSubject = { kind: "Idea" | "Room"; id: number | string; title: string };

export type CertificationFacts = { packId: string; subject: CertificationSubject; createdAt: Date; manifestSha256: string; fileCount: number };

export function certificationTemplate(f: CertificationFacts): string {
  const blank = "____________________________";
  return [
    "CERTIFICATION OF DOMESTIC RECORDS OF A REGULARLY CONDUCTED ACTIVITY",
    "AND OF DATA COPIED FROM AN ELECTRONIC FILE",
    "(a template in the style of US Federal Rules of Evidence 902(11) and 902(14); complete, review with counsel, and sign.",
    "It is not legal advice, and nothing in it is true until a qualified person completes and signs it.)",
    "",
    "Evidence pack identified by this certification",
    `  Pack id:                   ${f.packId}`,
    `  ${`${f.subject.kind}:`.padEnd(27)}${f.subject.id} (${f.subject.title.replace(/\s+/g, " ")})`,
    `  Pack made (UTC):           ${f.createdAt.toISOString()}`,
    `  SHA-256 of manifest.json:  ${f.manifestSha256}`,
    `  Files listed in manifest:  ${f.fileCount}`,
    "",
    `I, ${blank} [full name], declare as follows:`,
    "",
    `1. I am ${blank} [title or role] of ${blank} [organisation], and I am a custodian of the`,
    "   records described below or am otherwise qualified by my familiarity with how they are made and kept.",
    "",
    "2. The records in the evidence pack identified above (the files listed in its manifest.json) were made at or near",
    "   the time of the acts and events they record, by - or from information transmitted by - someone with knowledge",
    "   of those matters; they were kept in the course of a regularly conducted activity; and making them was a regular",
    "   practice of that activity.",
    "",
    "3. The pack is a true copy of the data it holds, identified by a process of digital identification: the SHA-256",
    "   digest of each file is listed in manifest.json, and the SHA-256 of manifest.json is stated above. I verified",
    `   that the copy produced matches these digests on ${blank} [date] by ${blank}`,
    "   [method, e.g. opening verify.html from the pack, or the commands in README.txt].",
    "",
    ...(f.subject.kind === "Idea"
      ? ["4. The pack's event log (log/log.jsonl) is a hash chain in which each entry commits to the one before it, and its"]
      : ["4. The pack's event logs (log/ID/log.jsonl, one per idea) are hash chains in which each entry commits to the one", "   before it, and their"]),
    "   anchors were timestamped by OpenTimestamps (Bitcoin) and RFC 3161 time-stamping authorities, as README.txt",
    "   describes.",
    "",
    `I declare under penalty of perjury under the laws of ${blank} that the foregoing is true and correct.`,
    "",
    `Executed on ${blank} [date] at ${blank} [place].`,
    "",
    `Signature: ${blank}`,
    `Printed name: ${blank}`,
    "",
  ].join("\n");
}
