import { describe, expect, it } from 'vitest';
import { fillPageTemplate } from './page-template';

const TEMPLATE =
  '<html><head><meta charset="UTF-8" /><title>t</title></head><body><div id="root"></div></body></html>';

describe('fillPageTemplate', () => {
  it('puts the first scripts after the charset, the head tags before </head> and the page in the root', () => {
    const html = fillPageTemplate(TEMPLATE, {
      path: '/p/a',
      firstScripts: [{ code: 'first()' }],
      head: ['<link rel="canonical" href="x">', ''],
      body: '<h1>a</h1>',
    });
    expect(html).toBe(
      '<html><head><meta charset="UTF-8" />\n    <script>first()</script><title>t</title>  ' +
        '<link rel="canonical" href="x">\n  </head><body><div id="root" data-prerendered="/p/a"><h1>a</h1></div></body></html>',
    );
  });

  it('writes a script’s data as escaped attributes, its code as it is', () => {
    const html = fillPageTemplate(TEMPLATE, {
      path: '/',
      firstScripts: [{ code: 'go()', data: { request: '{"url":"a&b<"}' } }],
      head: [],
      body: '',
    });
    expect(html).toContain('<script data-request="{&quot;url&quot;:&quot;a&amp;b&lt;&quot;}">go()</script>');
  });

  it('refuses inline code that would end its own script element', () => {
    expect(() =>
      fillPageTemplate(TEMPLATE, {
        path: '/',
        firstScripts: [{ code: 'a="</script>"' }],
        head: [],
        body: '',
      }),
    ).toThrow(/<\/script/);
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
