// autocannon ships no types; the benchmarks use only its callback form.
declare module "autocannon" {
  function autocannon(opts: { url: string; connections: number; duration: number }, cb: (err: Error | null, res: never) => void): unknown;
  export default autocannon;
}
