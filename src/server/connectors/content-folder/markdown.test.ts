import { describe, expect, it } from 'vitest';
import { headingSlug, renderMarkdown } from './markdown.js';

describe('renderMarkdown section ids', () => {
  it('gives headings and bold lead lines an id a link can point to', () => {
    const html = renderMarkdown('## Upgrade path\n\ntext\n\n**Symptom**\n\nmore\n\n**Not** a heading line');
    expect(html).toContain('<h2 id="upgrade-path">Upgrade path</h2>');
    expect(html).toContain('<p id="symptom"><strong>Symptom</strong></p>');
    expect(html).toContain('<p><strong>Not</strong> a heading line</p>');
  });

  it('numbers repeated headings within a page and starts again for the next page', () => {
    const first = renderMarkdown('**Fix**\n\na\n\n## Fix\n\nb');
    expect(first).toContain('id="fix"');
    expect(first).toContain('<h2 id="fix-2">');
    expect(renderMarkdown('**Fix**')).toContain('id="fix"');
  });

  it('makes slugs of letters and digits only, so an id cannot carry markup', () => {
    expect(headingSlug('Step 2: "Attach" <the> spoke!')).toBe('step-2-attach-the-spoke');
    expect(headingSlug('***')).toBe('section');
    expect(renderMarkdown('## <img src=x onerror=alert(1)>')).not.toMatch(/id="[^"]*[<>]/);
  });
});

describe('renderMarkdown code blocks', () => {
  it('takes the keyboard focus (it scrolls sideways on a phone) and escapes its text', () => {
    expect(renderMarkdown('```sh\nacme <x> & "y"\n```')).toBe(
      '<pre tabindex="0"><code class="language-sh">acme &lt;x&gt; &amp; &quot;y&quot;\n</code></pre>\n',
    );
    expect(renderMarkdown('    indented')).toBe('<pre tabindex="0"><code>indented\n</code></pre>\n');
    expect(renderMarkdown('```"><script>\nx\n```')).not.toContain('<script>');
    expect(renderMarkdown('inline `code`')).toBe('<p>inline <code>code</code></p>\n');
  });
});
