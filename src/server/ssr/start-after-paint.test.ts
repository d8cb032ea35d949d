import { describe, expect, it } from 'vitest';
import { createStartTag, withoutModuleTags } from './start-after-paint.js';

describe('withoutModuleTags', () => {
  it('takes out the entry and the preloads as Vite writes them, and keeps everything else', () => {
    const template =
      '<head><!--ssr-head-->\n    <script type="module" crossorigin src="/assets/index-A1.js"></script>\n' +
      '    <link rel="modulepreload" crossorigin href="/assets/Box-B2.js">\n' +
      '    <link rel="modulepreload" href="/assets/x-C3.js" />\n' +
      '    <link rel="stylesheet" crossorigin href="/assets/style.css">\n  </head>' +
      '<script type="application/json" id="portal-state"></script>';
    expect(withoutModuleTags(template)).toEqual({
      template:
        '<head><!--ssr-head-->\n    <link rel="stylesheet" crossorigin href="/assets/style.css">\n  </head>' +
        '<script type="application/json" id="portal-state"></script>',
      entries: ['/assets/index-A1.js'],
      preloads: ['/assets/Box-B2.js', '/assets/x-C3.js'],
    });
  });
});

describe('createStartTag', () => {
  it('names the script, the entry, and each preload once, escaped', () => {
    const tag = createStartTag('/assets/start-after-paint-1.js', '/assets/index-A1.js', [
      '/assets/a.js',
      '/assets/"b".js',
    ]);
    expect(tag(['/assets/route.js', '/assets/a.js'])).toBe(
      '<script src="/assets/start-after-paint-1.js" data-entry="/assets/index-A1.js" ' +
        'data-preload="/assets/route.js /assets/a.js /assets/&quot;b&quot;.js" defer></script>',
    );
  });
});
