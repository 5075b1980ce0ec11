// The allow-list that rebuilds a record's rich text on the website (html.js), under jsdom.
import { describe, expect, it } from 'vitest';
import { setRichText } from './html.js';

/** @param {string} html */
function render(html) {
  const container = document.createElement('div');
  setRichText(container, html);
  return container;
}

describe('setRichText', () => {
  it('keeps the structure of a post', () => {
    const html = '<h2>Planning</h2><p>Ask for the <strong>reference</strong> and <a href="https://example.com/x">check it</a>.</p><ul><li>One</li></ul>';
    expect(render(html).innerHTML).toBe(
      '<h2>Planning</h2><p>Ask for the <strong>reference</strong> and <a href="https://example.com/x" rel="noopener noreferrer">check it</a>.</p><ul><li>One</li></ul>',
    );
  });

  it('drops scripts, event handlers, styles and unsafe addresses', () => {
    const container = render(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script></p>' +
        '<a href="javascript:alert(3)">link</a><img src="x" onerror="alert(4)"><img src="data:image/png;base64,AAAA">' +
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
    );
    expect(container.querySelector('script, iframe, style, [onclick], [onerror], [style]')).toBeNull();
    expect(container.querySelector('a')?.hasAttribute('href')).toBe(false);
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(sources).toEqual([new URL('x', window.location.href).href, null]);
    expect(container.textContent).toBe('Hilink');
  });

  it('keeps the text of unknown elements and makes a heading 1 a heading 2', () => {
    expect(render('<h1>Title</h1><section><span>Kept</span> text</section>').innerHTML).toBe('<h2>Title</h2>Kept text');
  });

  it('renders nothing for no content', () => {
    expect(render('').innerHTML).toBe('');
  });
});
