// With its extension: the Vite config reaches this module (scripts/vite-prerender.ts), and Node's own loader
// needs it.
import { escapeHtml } from '../lib/html.ts';

/**
 * Fills the built app's HTML (index.html / shell.html) with one rendered page: scripts that must run before
 * anything is painted right after <meta charset>, the page's own <head> tags before </head>, and its markup in
 * the root <div>, marked with its path so the app hydrates it (src/boot.tsx). Used at build for the
 * prerendered pages (scripts/vite-prerender.ts) and at request time for product pages (the `pages` function).
 */
export const ROOT_DIV = '<div id="root"></div>';
export const CHARSET = '<meta charset="UTF-8" />';

/**
 * An inline script: its code, and `data-*` attributes it reads from `document.currentScript` (values that differ
 * between builds stay out of the code, whose hash the Content-Security-Policy allows).
 */
export interface InlineScript {
  code: string;
  data?: Record<string, string>;
}

export interface FilledPage {
  path: string;
  /** Inline scripts, run first. */
  firstScripts: InlineScript[];
  /** Tags appended to <head>. */
  head: string[];
  body: string;
}

function scriptElement({ code, data = {} }: InlineScript): string {
  if (/<\/script/i.test(code)) throw new Error('an inline script may not hold </script');
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<script${attributes}>${code}</script>`;
}

export function assertPageTemplate(template: string): void {
  for (const needed of [ROOT_DIV, CHARSET])
    if (!template.includes(needed)) throw new Error(`the app's HTML template has no ${needed}`);
}

export function fillPageTemplate(template: string, page: FilledPage): string {
  assertPageTemplate(template);
  const scripts = page.firstScripts.map((script) => `\n    ${scriptElement(script)}`).join('');
  const head = page.head.filter(Boolean).join('\n    ');
  return (
    template
      .replace(CHARSET, () => `${CHARSET}${scripts}`)
      .replace('</head>', () => (head ? `  ${head}\n  </head>` : '</head>'))
      // A request's path may carry any character: escaped for the attribute (the browser reads it back as it was).
      .replace(
        ROOT_DIV,
        () => `<div id="root" data-prerendered="${escapeHtml(page.path)}">${page.body}</div>`,
      )
  );
}
