// Whether this browser had a signed-in shopper when the app last knew: kept in localStorage so that the next
// prerendered page can show the right thing at its first paint, before Firebase Auth (loaded after the first
// paint) has said who is there. A hint only: the page shows the real state as soon as Auth reports it.

const KEY = 'achar:signed-in';

/** Kept on every auth report. */
export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage can be off (private modes): the pages then show their neutral state until Auth reports.
  }
}

/**
 * The inline script at the top of the prerendered pages' <head>: marks `<html data-session="none">` when no
 * shopper was signed in here, before anything is painted.
 */
export function sessionHintScript(): string {
  return `try{if(!localStorage.getItem(${JSON.stringify(KEY)}))document.documentElement.setAttribute("data-session","none")}catch(e){}`;
}

/** Chakra `css` for a part shown before Auth reports only when the hint says a shopper is signed in here. */
export const ONLY_WITH_SESSION = { 'html[data-session="none"] &': { display: 'none' } } as const;

/** Chakra `css` for a part shown before Auth reports only when the hint says nobody is signed in here. */
export const ONLY_WITHOUT_SESSION = { 'html:not([data-session="none"]) &': { display: 'none' } } as const;
