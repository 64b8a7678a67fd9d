/**
 * The cookie banner is in the server's HTML (components/cookie-banner.tsx), so a first visitor sees it with the
 * page's first paint instead of after hydration (it was the largest text painted on /login, and Lighthouse took it
 * as the LCP element at ~2.5 s on a mobile profile). A visitor who already chose must not see it flash:
 * this script, inline in <head> (with the page's CSP nonce, app/layout.tsx), marks <html> before the first paint
 * and app/globals.css hides the banner under that mark; after hydration the banner unmounts as before.
 */
export const COOKIE_CONSENT_KEY = "cookieConsent";

/** Set on <html> when localStorage holds a choice ("true" or "false"). */
export const COOKIE_CHOICE_ATTRIBUTE = "data-cookie-choice";

export const COOKIE_CHOICE_SCRIPT = `try{var c=localStorage.getItem(${JSON.stringify(COOKIE_CONSENT_KEY)});if(c==="true"||c==="false")document.documentElement.setAttribute(${JSON.stringify(COOKIE_CHOICE_ATTRIBUTE)},"")}catch(e){}`;
