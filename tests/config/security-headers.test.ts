/**
 * The security headers have one source (src/config/security-headers.ts): firebase.json must carry exactly them
 * on every Hosting answer, the policy must allow by hash exactly the inline scripts the pages carry, the local
 * shop's copy of firebase.json must differ from production only by the emulators' origins, and Lighthouse's own
 * CSP evaluator (csp-xss) must find no way around the policy.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluateRawCspsForXss } from 'lighthouse/core/lib/csp-evaluator.js';
import {
  asHostingHeaders,
  CSP_DIRECTIVES,
  CSP_REPORT_PATH,
  emulatorCspDirectives,
  inlineScriptHash,
  parseCsp,
  INLINE_SCRIPT_HASHES,
  scriptsTheCspBlocks,
  securityHeaders,
  serializeCsp,
} from '../../src/config/security-headers';
import { sessionHintScript } from '../../src/lib/session-hint';
import { TAP_KEEPER_SCRIPT } from '../../src/lib/tap-keeper-script';
import { assertTapKeeperBuilt } from '../../scripts/build/tap-keeper';
import { writeFirebaseToolsConfig } from '../../scripts/stack/firebase-tools-config';

const root = fileURLToPath(new URL('../..', import.meta.url));
const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'));

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}

const everyAnswer = (config: typeof firebaseJson) =>
  (config.hosting.headers as HeaderRule[]).find((rule) => rule.source === '**');

const directivesOf = parseCsp;

describe('the security headers', () => {
  it('are on every Hosting answer in firebase.json, exactly as the module writes them', () => {
    expect(everyAnswer(firebaseJson)?.headers).toEqual(asHostingHeaders(securityHeaders()));
    // No later rule sets one of them again with another value.
    const names = new Set(Object.keys(securityHeaders()));
    for (const rule of firebaseJson.hosting.headers as HeaderRule[])
      if (rule.source !== '**') for (const { key } of rule.headers) expect(names.has(key), key).toBe(false);
  });

  it("send what the policy blocks to the shop's own report endpoint, which Hosting gives the cspReport function", () => {
    const headers = securityHeaders();
    const csp = directivesOf(headers['Content-Security-Policy']);
    expect(csp['report-uri']).toEqual([CSP_REPORT_PATH]);
    const [group] = csp['report-to'];
    expect(headers['Reporting-Endpoints']).toBe(`${group}="${CSP_REPORT_PATH}"`);
    const rewrites = firebaseJson.hosting.rewrites as { source: string; function?: { functionId: string } }[];
    // Before the catch-all `**` (the first matching rewrite wins), to the function that logs the reports.
    const index = rewrites.findIndex((rewrite) => rewrite.source === CSP_REPORT_PATH);
    expect(rewrites[index]?.function?.functionId).toBe('cspReport');
    expect(index).toBeLessThan(rewrites.findIndex((rewrite) => rewrite.source === '**'));
  });

  it('allow exactly the inline scripts the pages carry, by their hashes', async () => {
    const hashes = await Promise.all([sessionHintScript(), TAP_KEEPER_SCRIPT.code].map(inlineScriptHash));
    expect([...INLINE_SCRIPT_HASHES]).toEqual(hashes);
    const page = (code: string) =>
      `<head><script>${code}</script><script type="application/json">{}</script>`;
    expect(await scriptsTheCspBlocks(page(sessionHintScript()))).toEqual([]);
    expect(await scriptsTheCspBlocks(page(`${sessionHintScript()};alert(1)`))).toHaveLength(1);
    expect(
      await scriptsTheCspBlocks('<script type="module" src="/assets/a.js"></script><script>x()</script>'),
    ).toEqual(['x()']);
  });

  it('allow the tap keeper as its typed source builds to (minified), not a hand-edited copy', async () => {
    await expect(assertTapKeeperBuilt()).resolves.toBeUndefined();
  });

  it('forbid framing, plugins, another base URL, and name no local address in production', () => {
    const csp = securityHeaders()['Content-Security-Policy'];
    const directives = directivesOf(csp);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(directives['base-uri']).toEqual(["'self'"]);
    expect(directives['script-src']).not.toContain("'unsafe-inline'");
    expect(directives['script-src']).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/127\.0\.0\.1|localhost|http:/);
    expect(securityHeaders()).toMatchObject({
      'X-Frame-Options': 'DENY',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': expect.stringMatching(/^max-age=31536000\b/),
    });
  });

  it('leave Lighthouse’s CSP evaluator no syntax error, and no bypass but reCAPTCHA’s host allowlist', () => {
    const { bypasses, syntax } = evaluateRawCspsForXss([securityHeaders()['Content-Security-Policy']]);
    // The phone code's reCAPTCHA (production only) is the one host a script may come from; the evaluator
    // reports any host allowlist as bypassable. Without it the policy has no finding at all.
    expect(bypasses.map((finding) => finding.description)).toEqual([
      expect.stringMatching(/^Host allowlists can frequently be bypassed/),
    ]);
    const withoutRecaptcha = {
      ...CSP_DIRECTIVES,
      'script-src': CSP_DIRECTIVES['script-src'].filter((source) => !source.includes('recaptcha')),
    };
    expect(evaluateRawCspsForXss([serializeCsp(withoutRecaptcha)]).bypasses).toEqual([]);
    expect(syntax.flat().map((finding) => finding.description)).toEqual([]);
  });

  it('reach the local shop with only the emulators’ origins added', () => {
    const dir = mkdtempSync(join(tmpdir(), 'achar-headers-'));
    try {
      writeFileSync(join(dir, 'firebase.json'), JSON.stringify(firebaseJson));
      const local = JSON.parse(readFileSync(join(dir, writeFirebaseToolsConfig(dir, 'dist-local')), 'utf8'));
      const headers = everyAnswer(local)!.headers;
      const csp = headers.find(({ key }) => key === 'Content-Security-Policy')!.value;
      expect(csp).toBe(serializeCsp(emulatorCspDirectives(firebaseJson.emulators)));
      const production = directivesOf(serializeCsp(CSP_DIRECTIVES));
      const emulated = directivesOf(csp);
      const { auth, firestore, storage, functions } = firebaseJson.emulators;
      const at = (address: { host: string; port: number }) => `http://${address.host}:${address.port}`;
      expect(emulated['connect-src']).toEqual([
        ...production['connect-src'],
        ...[auth, firestore, storage, functions].map(at),
      ]);
      expect(emulated['img-src']).toEqual([...production['img-src'], at(storage)]);
      const { 'connect-src': _c, 'img-src': _i, ...rest } = emulated;
      const { 'connect-src': _pc, 'img-src': _pi, ...productionRest } = production;
      expect(rest).toEqual(productionRest);
      // The other headers are production's.
      expect(headers.filter(({ key }) => key !== 'Content-Security-Policy')).toEqual(
        asHostingHeaders(securityHeaders()).filter(({ key }) => key !== 'Content-Security-Policy'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
