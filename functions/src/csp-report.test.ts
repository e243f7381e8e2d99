import { describe, expect, it } from 'vitest';
import { cspViolations, parsedReport } from './csp-report';

describe('a CSP violation report', () => {
  it("reads report-uri's format", () => {
    const report = {
      'csp-report': {
        'document-uri': 'https://shop.example/p/aam',
        'effective-directive': 'script-src-elem',
        'violated-directive': 'script-src-elem',
        'blocked-uri': 'https://evil.example/x.js',
        'source-file': 'https://shop.example/p/aam',
        'line-number': 12,
      },
    };
    expect(cspViolations(parsedReport(JSON.stringify(report)))).toEqual([
      {
        page: 'https://shop.example/p/aam',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js',
        source: 'https://shop.example/p/aam:12',
      },
    ]);
  });

  it("reads the Reporting API's list, keeping only CSP violations", () => {
    const reports = [
      {
        type: 'csp-violation',
        body: {
          documentURL: 'https://shop.example/',
          effectiveDirective: 'connect-src',
          blockedURL: 'inline',
        },
      },
      { type: 'deprecation', body: { id: 'x' } },
    ];
    expect(cspViolations(parsedReport(Buffer.from(JSON.stringify(reports))))).toEqual([
      { page: 'https://shop.example/', directive: 'connect-src', blocked: 'inline', source: '' },
    ]);
  });

  it('gives nothing for a body that is no report, and cuts what a stranger sends short', () => {
    for (const junk of ['not json', null, 42, { 'csp-report': 'x' }, [{ type: 'csp-violation' }]])
      expect(cspViolations(parsedReport(junk))).toEqual([]);
    const long = {
      type: 'csp-violation',
      body: { effectiveDirective: 'img-src', blockedURL: 'x'.repeat(5000) },
    };
    const many = cspViolations(Array.from({ length: 50 }, () => long));
    expect(many).toHaveLength(10);
    expect(many[0].blocked).toHaveLength(300);
  });
});
