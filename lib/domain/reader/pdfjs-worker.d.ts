// pdfjs-dist ships no types for its worker module; lib/domain/reader/pdfjs.ts only hands it to pdf.js as a whole.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
