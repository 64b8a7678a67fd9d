/** The first account an instance gets (which sets it up): registered through the API, as a person would. */
export const FIRST_ACCOUNT = { name: "Frida First", email: "first-account@example.com", password: "first-account-pw" };

/** Registers FIRST_ACCOUNT on the instance at `base` (201), or finds it there already (409). */
export async function registerFirstAccount(base: string) {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(FIRST_ACCOUNT),
  });
  if (res.status !== 201 && res.status !== 409) throw new Error(`registering the first account: HTTP ${res.status} ${await res.text()}`);
}
