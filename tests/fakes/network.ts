import { FakeChain } from "./chain";
import { FakeCalendar } from "./calendar";
import { FakeEsplora } from "./esplora";

export { FakeChain, FakeCalendar, FakeEsplora };

export type FakeNetwork = {
  chain: FakeChain;
  calendars: FakeCalendar[];
  explorers: FakeEsplora[];
  /** Every calendar puts its open commitments into a block (one block per calendar). */
  mineAll: () => (number | null)[];
  reset: () => void;
  close: () => Promise<void>;
};

/** Calendars and explorers sharing one fake chain; fixed ports when given (end-to-end runs), else random. */
export async function startFakeNetwork(opts: { calendars: number; explorers: number; ports?: { calendars: number[]; explorers: number[] } }): Promise<FakeNetwork> {
  const chain = new FakeChain();
  const calendars: FakeCalendar[] = [];
  const explorers: FakeEsplora[] = [];
  for (let i = 0; i < opts.calendars; i++) calendars.push(await FakeCalendar.start(chain, opts.ports?.calendars[i] ?? 0));
  for (let i = 0; i < opts.explorers; i++) explorers.push(await FakeEsplora.start(chain, opts.ports?.explorers[i] ?? 0));
  return {
    chain,
    calendars,
    explorers,
    mineAll: () => calendars.map((c) => c.mine()),
    reset: () => {
      chain.reset();
      for (const c of calendars) c.reset();
      for (const e of explorers) e.reset();
    },
    close: async () => {
      await Promise.all([...calendars, ...explorers].map((s) => s.close()));
    },
  };
}
