import "server-only";

/**
 * Who may open a link: the link's allow lists (addresses, domains) and block list, and the owner's
 * account-wide blocked domains. A domain covers its subdomains (sequoia.com covers eu.sequoia.com). Addresses are
 * stored lower-case; a link with an allow list proves the address with the 6-digit code, as an e-mail link does
 * (a list is worthless without it).
 */

export type AddressRules = {
  allowedEmails: readonly string[];
  allowedDomains: readonly string[];
  blockedDomains: readonly string[];
};

export const notAvailableTo = (address: string) => `This link is not available to ${address}`;

function domainOf(address: string) {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

function within(domain: string, listed: string) {
  return domain === listed || domain.endsWith(`.${listed}`);
}

/** The link names who may open it: the address must then be proven by a code. */
export function hasAllowList(s: Pick<AddressRules, "allowedEmails" | "allowedDomains">) {
  return s.allowedEmails.length > 0 || s.allowedDomains.length > 0;
}

/** May `address` identify on a link with these rules (plus the owner's blocked domains)? */
export function addressAdmitted(rules: AddressRules, ownerBlockedDomains: readonly string[], address: string) {
  const email = address.trim().toLowerCase();
  const domain = domainOf(email);
  if ([...rules.blockedDomains, ...ownerBlockedDomains].some((d) => within(domain, d))) return false;
  if (!hasAllowList(rules)) return true;
  return rules.allowedEmails.includes(email) || rules.allowedDomains.some((d) => within(domain, d));
}
