import { setEnv } from "../../../db-utils";
import { createTsaPki, FakeTsa, type TsaPki } from "../../../fakes/tsa";

/** The PKI the jest run made once (tests/setup/global-setup.ts), else one of this file's own. */
export function testTsaPki(): TsaPki {
  return createTsaPki(process.env.IDEAVAULT_TEST_TSA_PKI);
}

/** A fake time-stamping authority of this test file, which TSA_URLS names in every test; each test starts in mode "ok". */
export function useFakeTsa() {
  const ref = {} as { tsa: FakeTsa; pki: TsaPki };
  beforeAll(async () => {
    ref.pki = testTsaPki();
    ref.tsa = await FakeTsa.start(ref.pki);
  });
  afterAll(async () => {
    await ref.tsa.close();
  });
  beforeEach(() => {
    ref.tsa.reset();
    setEnv({ TSA_URLS: ref.tsa.url });
  });
  return ref;
}
