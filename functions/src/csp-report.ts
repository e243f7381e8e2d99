/**
 * What a browser reports when the Content-Security-Policy blocks something on the shop's pages (the policy's
 * `report-uri` and `report-to`, src/config/security-headers.ts): read into a few short fields for the log, so a
 * blocked script in production is seen. Both formats: `report-uri`'s `{"csp-report": {...}}`
 * (application/csp-report) and the Reporting API's list of `{type: "csp-violation", body: {...}}`
 * (application/reports+json). The endpoint is public, so nothing here trusts the body: unknown shapes give
 * nothing, every field is cut short and at most a few reports of one request are kept.
 */

export interface CspViolation {
  /** The page the violation happened on. */
  page: string;
  /** The directive that blocked it, e.g. `script-src-elem`. */
  directive: string;
  /** What was blocked: a URL, `inline`, `eval`… */
  blocked: string;
  /** Where in the page's code, when the browser says. */
  source: string;
}

const MAX_REPORTS = 10;
const MAX_FIELD = 300;

function field(body: Record<string, unknown>, ...names: string[]): string {
  for (const name of names) {
    const value = body[name];
    if (typeof value === 'string') return value.slice(0, MAX_FIELD);
    if (typeof value === 'number') return String(value);
  }
  return '';
}

function violationOf(body: unknown): CspViolation | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const violation = {
    page: field(b, 'document-uri', 'documentURL'),
    directive: field(b, 'effective-directive', 'effectiveDirective', 'violated-directive'),
    blocked: field(b, 'blocked-uri', 'blockedURL'),
    source: [field(b, 'source-file', 'sourceFile'), field(b, 'line-number', 'lineNumber')]
      .filter(Boolean)
      .join(':'),
  };
  return violation.directive === '' && violation.blocked === '' ? null : violation;
}

/** The violations a report request carries (its body already parsed as JSON), or none. */
export function cspViolations(report: unknown): CspViolation[] {
  if (Array.isArray(report)) {
    return report
      .slice(0, MAX_REPORTS)
      .filter((entry) => (entry as { type?: unknown } | null)?.type === 'csp-violation')
      .map((entry) => violationOf((entry as { body?: unknown }).body))
      .filter((violation) => violation !== null);
  }
  if (typeof report === 'object' && report !== null) {
    const violation = violationOf((report as Record<string, unknown>)['csp-report']);
    return violation ? [violation] : [];
  }
  return [];
}

/** A request body as JSON (the report types are not application/json, so it may arrive as text or bytes). */
export function parsedReport(body: unknown): unknown {
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    try {
      return JSON.parse(body.toString()) as unknown;
    } catch {
      return null;
    }
  }
  return body;
}
