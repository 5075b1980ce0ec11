import { describe, expect, it } from 'vitest';
import { mapRichTextAddresses, richTextAddresses, sanitizeRichText, sizeRichTextImages } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps what the rich-text editor produces', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>under</u> and <s>struck</s> text, 120 m<sup>2</sup> of CO<sub>2</sub>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><pre><code>x = 1</code></pre><hr />' +
      '<figure><img src="/api/uploads/abc" alt="A site" title="t" width="640" height="480" /><figcaption>Caption</figcaption></figure>' +
      '<table><thead><tr><th scope="col">Year</th></tr></thead><tbody><tr><td colspan="2">2024</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts and styles with their content', () => {
    expect(sanitizeRichText('<p>a</p><script>alert(1)</script><style>p{color:red}</style>')).toBe('<p>a</p>');
  });

  it('removes event handlers and style attributes', () => {
    expect(sanitizeRichText('<p onclick="x()" style="position:fixed">a</p><img src="/a.png" onerror="x()">')).toBe('<p>a</p><img src="/a.png" />');
  });

  it('removes iframes, objects, forms and SVG', () => {
    expect(sanitizeRichText('<iframe src="https://evil.example"></iframe><object data="x"></object><form><input></form><svg onload="x()"></svg>ok')).toBe('ok');
  });

  it.each([
    ['javascript:', '<a href="javascript:alert(1)">x</a>'],
    ['JaVaScRiPt: with entities', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
    ['data:', '<a href="data:text/html,<script>alert(1)</script>">x</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">x</a>'],
    ['protocol-relative', '<a href="//evil.example/x">x</a>'],
    ['ftp:', '<a href="ftp://example.com/f">x</a>'],
    ['backslashed protocol-relative', '<a href="/\\evil.example/x">x</a>'],
    ['no address', '<a name="top">x</a>'],
  ])('drops %s links, keeping their text and no element that looks like a link', (_label, html) => {
    expect(sanitizeRichText(`<p>see ${html}</p>`)).toBe('<p>see x</p>');
  });

  it('keeps the start of a numbered list when it is a whole number, and nothing else of it', () => {
    expect(sanitizeRichText('<ol start="3"><li>three</li></ol><ol start="0"><li>a</li></ol><ol start="x" type="a" reversed><li>b</li></ol>')).toBe(
      '<ol start="3"><li>three</li></ol><ol><li>a</li></ol><ol><li>b</li></ol>',
    );
  });

  it('keeps http(s), mailto, tel and relative links', () => {
    const html = '<a href="https://a.example">a</a><a href="http://b.example">b</a><a href="mailto:x@y.example">c</a><a href="tel:+441234">d</a><a href="/about">e</a>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('drops image sources that are not web addresses or paths', () => {
    // Left without an address, an image would be a broken one on the website: it goes.
    expect(sanitizeRichText('<p>a<img src="data:image/png;base64,AAAA" /><img src="javascript:x" /><img src="file:///C:/x.png" alt="pasted" />b</p>')).toBe('<p>ab</p>');
  });

  it('keeps a pasted h1 as the editor\'s first heading, and h5 and h6 as its last', () => {
    expect(sanitizeRichText('<h1>Site diary</h1><h5>Notes</h5><h6>Small</h6>')).toBe('<h2>Site diary</h2><h4>Notes</h4><h4>Small</h4>');
  });

  it('forces rel="noopener noreferrer" on links opening a new tab, and drops other targets', () => {
    expect(sanitizeRichText('<a href="https://a.example" target="_blank" rel="opener">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizeRichText('<a href="/x" target="_top" rel="x">b</a>')).toBe('<a href="/x">b</a>');
  });

  it('escapes text that only looks like markup once cleaned', () => {
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; <b>3</b></p>')).toBe('<p>1 &lt; 2 &amp; <b>3</b></p>');
  });
});

describe('the addresses of cleaned rich text', () => {
  it('are read and changed as a browser reads them, attribute by attribute', () => {
    const cleaned = sanitizeRichText('<p title="t">x</p><a href="/a?x=1&amp;y=&quot;2&quot;">l</a><img alt=" src=" src="/api/uploads/abc" /><p>src="/api/uploads/text"</p>');
    expect(richTextAddresses(cleaned)).toEqual(['/a?x=1&y="2"', '/api/uploads/abc']);
    expect(mapRichTextAddresses(cleaned, (address) => `https://cms.example.com${address}`)).toBe(
      '<p>x</p><a href="https://cms.example.com/a?x=1&amp;y=&quot;2&quot;">l</a><img alt=" src=" src="https://cms.example.com/api/uploads/abc" /><p>src="/api/uploads/text"</p>',
    );
  });
});

describe('sizeRichTextImages', () => {
  const sizes: Record<string, { width: number; height: number }> = { '/api/uploads/a': { width: 640, height: 480 }, '/x?a=1&b=2': { width: 2, height: 3 } };
  const sizeOf = (address: string) => sizes[address];

  it('gives an image with neither width nor height its size, read from its address as a browser reads it', () => {
    expect(sizeRichTextImages('<p><img src="/api/uploads/a" alt="A" /> <img src="/x?a=1&amp;b=2" /></p>', sizeOf)).toBe(
      '<p><img src="/api/uploads/a" alt="A" width="640" height="480" /> <img src="/x?a=1&amp;b=2" width="2" height="3" /></p>',
    );
  });

  it('keeps a size written by hand, an unknown image, links and text as they are', () => {
    const html =
      '<p><img src="/api/uploads/a" width="100" /><img src="/api/uploads/a" height="100" /><img src="/other" />' +
      '<a href="/api/uploads/a">/api/uploads/a</a> &lt;img src="/api/uploads/a" /&gt;<img alt=" src=&quot;/api/uploads/a&quot;" /></p>';
    expect(sizeRichTextImages(html, sizeOf)).toBe(html);
  });
});
