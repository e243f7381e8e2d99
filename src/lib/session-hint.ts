// Whether this browser had a signed-in shopper when the app last knew: kept in localStorage so that the next
// prerendered page can show the right thing at its first paint, before Firebase Auth (loaded after the first
// paint) has said who is there. A hint only: the page shows the real state as soon as Auth reports it.

const KEY = 'achar:signed-in';
/** How the page is marked when no shopper was signed in here: `<html data-session="none">`. */
const MARK = { attribute: 'data-session', value: 'none' } as const;
const MARKED = `[${MARK.attribute}="${MARK.value}"]`;

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
  const [key, attribute, value] = [KEY, MARK.attribute, MARK.value].map((text) => JSON.stringify(text));
  return `try{if(!localStorage.getItem(${key}))document.documentElement.setAttribute(${attribute},${value})}catch(e){}`;
}

/** Chakra `css` for a part shown before Auth reports only when the hint says a shopper is signed in here. */
export const ONLY_WITH_SESSION = { [`html${MARKED} &`]: { display: 'none' } };

/** Chakra `css` for a part shown before Auth reports only when the hint says nobody is signed in here. */
export const ONLY_WITHOUT_SESSION = { [`html:not(${MARKED}) &`]: { display: 'none' } };
