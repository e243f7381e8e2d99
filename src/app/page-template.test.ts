import { describe, expect, it } from 'vitest';
import { fillPageTemplate } from './page-template';

const TEMPLATE =
  '<html><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>';

describe('fillPageTemplate', () => {
  it('puts the first scripts after the charset, the head tags before </head> and the page in the root', () => {
    const html = fillPageTemplate(TEMPLATE, {
      path: '/p/a',
      firstScripts: ['first()'],
      head: ['<link rel="canonical" href="x">', ''],
      body: '<h1>a</h1>',
    });
    expect(html).toBe(
      '<html><head><meta charset="UTF-8" />\n    <script>first()</script><title>t</title>  ' +
        '<link rel="canonical" href="x">\n  </head><body><div id="root" data-prerendered="/p/a"><h1>a</h1></div></body></html>',
    );
  });

  it('escapes a path that would leave its attribute', () => {
    const html = fillPageTemplate(TEMPLATE, { path: '/p/"><script>', firstScripts: [], head: [], body: '' });
    expect(html).toContain('data-prerendered="/p/&quot;&gt;&lt;script&gt;"');
  });

  it('refuses a template without the root or the charset', () => {
    expect(() =>
      fillPageTemplate('<html></html>', { path: '/', firstScripts: [], head: [], body: '' }),
    ).toThrow(/no <div id="root">/);
  });
});
