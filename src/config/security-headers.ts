/**
 * The security headers of every answer the shop's site gives: Hosting's files (firebase.json's `headers`, which
 * firebase-tools' Hosting emulator applies too) and the `pages` function's product pages and sitemap
 * (functions/src/pages.ts sets them itself). This module is their one source: tests/config/security-headers.test.ts
 * holds firebase.json to it, the build (scripts/vite-prerender.ts) refuses a page with an inline script whose
 * hash the policy lacks, and the local shop's copy of firebase.json (scripts/stack/firebase-tools-config.ts)
 * gets the emulators' variant. Pure data and string work: the functions' bundle, the build and the scripts
 * all import it.
 */

import { TAP_KEEPER_SCRIPT } from '../lib/tap-keeper-script.ts';

/**
 * The SHA-256 of each inline script the pages carry (CSP hash sources), so that no other inline script runs:
 * - the session hint at the top of every page (src/lib/session-hint.ts, sessionHintScript);
 * - the tap keeper beside it (src/lib/tap-keeper.ts), built with its hash by scripts/build/tap-keeper.ts.
 * Changing either script changes its hash: the build and tests/config/security-headers.test.ts then say so.
 */
export const INLINE_SCRIPT_HASHES = [
  'sha256-XAJIKN/QRFAHl+7/K+nB56qYhzUL6VHU1Rbia77kOiI=', // sessionHintScript()
  TAP_KEEPER_SCRIPT.hash,
] as const;

/**
 * Where production's pages talk to: Firestore (the shop window's REST request, the SDK's listeners), Auth
 * (identitytoolkit signs in, securetoken refreshes the ID token), Storage (the seller's photo uploads) and the
 * callables (`https://us-central1-<project>.cloudfunctions.net/<name>`: a host source can only wildcard a whole
 * label, so `*.cloudfunctions.net` here; the production build narrows it to the project's host:
 * shopConnectPolicyMeta).
 */
const FIREBASE_APIS = [
  'https://firestore.googleapis.com',
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firebasestorage.googleapis.com',
  'https://*.cloudfunctions.net',
];

/** The callables' host of a Firebase project (its functions run in us-central1: functions/src/index.ts). */
export const functionsOrigin = (projectId: string) => `https://us-central1-${projectId}.cloudfunctions.net`;

/**
 * The production build's own policy, in a `<meta>` of every page (written by scripts/build/firebase-web-config.ts,
 * which knows the project): `connect-src` with the shop's functions host in place of `*.cloudfunctions.net`. A
 * browser enforces it beside the header's, so the pages talk to this project's functions and no other's. The
 * header cannot name the project (firebase.json is the repository's, the project the deployer's).
 */
export function shopConnectPolicyMeta(projectId: string): string {
  const sources = CSP_DIRECTIVES['connect-src'].map((source) =>
    source === 'https://*.cloudfunctions.net' ? functionsOrigin(projectId) : source,
  );
  return `<meta http-equiv="Content-Security-Policy" content="${serializeCsp({ 'connect-src': sources })}" />`;
}

/** reCAPTCHA's script and challenge frame, which Firebase Auth's phone verification loads in production. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Where the product photos come from (Storage's download URLs). */
const PHOTOS = ['https://firebasestorage.googleapis.com'];

export type CspDirectives = Record<string, readonly string[]>;

/**
 * Where browsers send what the policy blocked: the `cspReport` function, behind Hosting's rewrite of this path
 * (firebase.json), which logs each violation. `report-to` names it through the Reporting-Endpoints header;
 * `report-uri` is for the browsers without the Reporting API.
 */
export const CSP_REPORT_PATH = '/csp-report';
const CSP_REPORT_GROUP = 'csp';

/** Production's Content-Security-Policy, directive by directive. */
export const CSP_DIRECTIVES: CspDirectives = {
  'default-src': ["'self'"],
  // The app's own modules (and its catalog Web Worker) from the site, and the two inline scripts by hash: no
  // 'unsafe-inline'. The one other host is reCAPTCHA's, path-restricted: Firebase Auth's phone code (the first
  // cash order's verification, docs/phone-verification.md) loads it in production; the Auth emulator skips it.
  'script-src': ["'self'", ...INLINE_SCRIPT_HASHES.map((hash) => `'${hash}'`), ...RECAPTCHA],
  // Chakra UI's Emotion writes <style> elements at run time and React sets style attributes: a nonce cannot be
  // given to a static page (Hosting serves the same bytes to everyone), so inline styles stay allowed. CSS cannot
  // run script; the script policy above is what stops an injection.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: for inline images; blob: for the seller's preview of a photo before it uploads.
  'img-src': ["'self'", 'data:', 'blob:', ...PHOTOS],
  'font-src': ["'self'"],
  'connect-src': ["'self'", ...FIREBASE_APIS],
  'worker-src': ["'self'"],
  // The only frame is reCAPTCHA's challenge (phone verification). The shop signs in with e-mail and password
  // (src/lib/auth.ts has no popup/redirect resolver, so Auth's /__/auth/iframe is never opened); 'self' would
  // allow the site's own /__/auth/ if a custom authDomain (the shop's domain) were used with a popup later.
  'frame-src': ["'self'", ...RECAPTCHA_FRAMES],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'report-uri': [CSP_REPORT_PATH],
  'report-to': [CSP_REPORT_GROUP],
};

/** The directives a page may load from the local emulators (firebase.json's `emulators`). */
const EMULATED_DIRECTIVES = {
  'connect-src': ['auth', 'firestore', 'storage', 'functions'],
  'img-src': ['storage'],
} as const;

export interface EmulatorAddress {
  host: string;
  port: number;
}

/**
 * The emulators' variant: the same policy with the emulators' origins added where production names Google's
 * (the Hosting emulator serves the emulator build from 127.0.0.1:5000, which talks to 127.0.0.1:8080, :9099…).
 * Only the local shop's copy of firebase.json and the Functions emulator's `pages` use it; production's policy
 * names no local address.
 */
export function emulatorCspDirectives(
  emulators: Partial<Record<'auth' | 'firestore' | 'storage' | 'functions', EmulatorAddress>>,
): CspDirectives {
  const directives: Record<string, readonly string[]> = { ...CSP_DIRECTIVES };
  for (const [directive, names] of Object.entries(EMULATED_DIRECTIVES)) {
    const origins = names.flatMap((name) => {
      const address = emulators[name as keyof typeof emulators];
      return address ? [`http://${address.host}:${address.port}`] : [];
    });
    directives[directive] = [...CSP_DIRECTIVES[directive], ...origins];
  }
  return directives;
}

/** A policy's text, directive by directive (serializeCsp's inverse). */
export function parseCsp(csp: string): CspDirectives {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The headers of every answer, with `csp` as its policy (production's unless given). */
export function securityHeaders(csp: CspDirectives = CSP_DIRECTIVES): Record<string, string> {
  return {
    'Content-Security-Policy': serializeCsp(csp),
    'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    // For browsers that predate frame-ancestors: no site may frame the shop (an admin's clicks cannot be borrowed).
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Nothing the shop does needs these; a script that got in cannot ask for them either.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    // A year, subdomains included; not `preload` (that asks browsers to ship the domain as HTTPS-only: the
    // seller's choice to make). Browsers ignore it over the local emulators' plain HTTP.
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    // No popup is opened (e-mail sign-in), so the shop's window keeps no opener relation with another site's.
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/** The headers as firebase.json's `hosting.headers[].headers` lists them. */
export function asHostingHeaders(headers: Record<string, string>): { key: string; value: string }[] {
  return Object.entries(headers).map(([key, value]) => ({ key, value }));
}

/** The SHA-256 hash source of an inline script's text, as CSP writes it (without the quotes). */
export async function inlineScriptHash(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code));
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`;
}

/** The inline scripts (no `src`, run as JavaScript) of an HTML page, as the CSP hashes them. */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, code] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    scripts.push(code);
  }
  return scripts;
}

/** The inline scripts of `html` whose hash `directives` does not allow (empty when all run). */
export async function scriptsTheCspBlocks(
  html: string,
  directives: CspDirectives = CSP_DIRECTIVES,
): Promise<string[]> {
  const allowed = new Set(directives['script-src'] ?? directives['default-src'] ?? []);
  const blocked: string[] = [];
  for (const code of inlineScriptsOf(html))
    if (!allowed.has(`'${await inlineScriptHash(code)}'`)) blocked.push(code);
  return blocked;
}
