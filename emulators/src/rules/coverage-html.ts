/**
 * Rule coverage as one self-contained HTML page: the rules source, each allow's line marked (never evaluated,
 * or evaluated with how often it was true / false / an error) and its condition's parts listed under it. Served
 * by the Firestore emulator at `/emulator/v1/projects/<id>:ruleCoverage.html` (as Google's emulator serves its
 * report) and written by `npm test` for both services.
 */
import type { AllowCoverage, CoverageCounts, CoverageReport } from './coverage.js';

export interface CoverageSection {
  /** e.g. "firestore.rules" */
  title: string;
  text: string;
  report: CoverageReport;
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

const countsText = (c: CoverageCounts) =>
  `evaluated ${c.evaluated} · true ${c.true} · false ${c.false} · error ${c.error}`;

/** "covered": evaluated at least once; "uncovered": never. */
const state = (c: CoverageCounts) => (c.evaluated === 0 ? 'uncovered' : 'covered');

function allowNote(allow: AllowCoverage): string {
  const parts = allow.conditions.length > 1 || allow.connective === null ? allow.conditions : [];
  const rows = parts
    .map(
      (c) =>
        `<div class="part ${state(c)}" data-condition="${escape(c.text)}"><code>${escape(c.text)}</code> — ${countsText(c)}</div>`,
    )
    .join('');
  return `<div class="note ${state(allow)}" data-allow-line="${allow.line}">allow ${escape(allow.methods.join(', '))}: ${countsText(allow)}${rows}</div>`;
}

function section({ title, text, report }: CoverageSection): string {
  const byLine = new Map<number, AllowCoverage[]>();
  for (const allow of report.allows) byLine.set(allow.line, [...(byLine.get(allow.line) ?? []), allow]);
  const covered = report.allows.filter((a) => a.evaluated > 0).length;
  const lines = text
    .split('\n')
    .map((line, i) => {
      const allows = byLine.get(i + 1) ?? [];
      const mark =
        allows.length === 0 ? '' : allows.every((a) => a.evaluated > 0) ? ' covered' : ' uncovered';
      return `<div class="line${mark}" data-line="${i + 1}"><span class="n">${i + 1}</span>${escape(line)}${allows.map(allowNote).join('')}</div>`;
    })
    .join('\n');
  return `<h2>${escape(title)}</h2><p>${covered} of ${report.allows.length} allow statements evaluated at least once.</p><pre>${lines}</pre>`;
}

export function coverageHtml(heading: string, sections: CoverageSection[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(heading)}</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 24px; }
pre { font: 12px ui-monospace, monospace; background: #fafafa; border: 1px solid #ddd; padding: 8px 0; }
.line { padding: 0 8px; border-left: 4px solid transparent; white-space: pre-wrap; }
.line.covered { border-left-color: #2f855a; background: #f0fff4; }
.line.uncovered { border-left-color: #c53030; background: #fff5f5; }
.n { display: inline-block; width: 4ch; color: #999; text-align: right; margin-right: 1ch; }
.note { margin-left: 5ch; color: #333; font-family: system-ui, sans-serif; }
.note.uncovered, .part.uncovered { color: #c53030; }
.part { margin-left: 2ch; }
</style></head><body><h1>${escape(heading)}</h1>
${sections.length === 0 ? '<p>No rules are loaded.</p>' : sections.map(section).join('\n')}
</body></html>
`;
}
