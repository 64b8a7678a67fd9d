// autocannon ships no types; the benchmarks use only its callback form.
declare module "autocannon" {
  type Client = { setHeaders(headers: Record<string, string>): void; setBody(body: string): void };
  function autocannon(
    opts: {
      url: string;
      connections: number;
      duration: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      setupClient?: (client: Client) => void;
    },
    cb: (err: Error | null, res: never) => void,
  ): unknown;
  export default autocannon;
}
