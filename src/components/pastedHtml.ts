// What a document pasted into the rich-text editor becomes, before the editor reads it (tiptap's transformPastedHTML).
// The editor has no tables and only three heading levels, and it kept a picture's empty place: a table pasted from
// Word or Google Docs ran its cells together ("PhaseWeeksFoundations4Frame6"), a title (h1) became plain text, and a
// picture, whose address is a file of the author's computer, a broken image on the website (an outside probe).
// Now each table row is a paragraph of its cells, separated by " | ", their links and emphasis kept; h1 is the editor's first heading, h5 and h6
// its last; an image whose address the website cannot load goes.

/** Addresses an image may keep: the web's, and this site's own paths (the server checks them again). */
const LOADABLE = /^(https?:\/\/|\/(?!\/))/i;

const BLOCKS = 'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre, dl, dt, dd, figure, figcaption, section, article, header, footer, address';

/**
 * A table cell's words with their links, emphasis and superscripts (a cell's text alone lost them: an outside probe),
 * its paragraphs run on with a space between, its white space collapsed; empty for a cell with no words.
 */
function cellContent(cell: Element): Node[] {
  const copy = cell.cloneNode(true) as Element;
  for (const image of [...copy.querySelectorAll('img')]) image.remove();
  // Innermost first, so each block's words end up in the cell itself.
  for (const block of [...copy.querySelectorAll(BLOCKS)].reverse()) block.replaceWith(' ', ...block.childNodes, ' ');
  for (const line of [...copy.querySelectorAll('br, hr')]) line.replaceWith(' ');
  copy.normalize();
  const texts: Text[] = [];
  const walker = copy.ownerDocument.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node as Text);
  let previousEndsInSpace = true;
  for (const text of texts) {
    text.data = text.data.replace(/\s+/g, ' ');
    if (previousEndsInSpace) text.data = text.data.replace(/^ /, '');
    if (text.data !== '') previousEndsInSpace = text.data.endsWith(' ');
  }
  const last = texts.findLast((text) => text.data !== '');
  if (last) last.data = last.data.replace(/ $/, '');
  if ((copy.textContent ?? '').trim() === '') return [];
  return [...copy.childNodes].filter((node) => !(node.nodeType === Node.TEXT_NODE && node.textContent === ''));
}

export function pastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;

  // Innermost first: a table in a cell is already its paragraphs when the cell is read. Each table reads its own rows
  // and cells only (a nested table's were read three times: a review).
  for (const table of [...body.querySelectorAll('table')].reverse()) {
    const rows = [...table.querySelectorAll(':scope > tr, :scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr')].map((row) =>
      [...row.querySelectorAll(':scope > th, :scope > td')].map(cellContent).filter((cell) => cell.length > 0),
    );
    const paragraphs = rows
      .filter((cells) => cells.length > 0)
      .map((cells) => {
        const paragraph = document.createElement('p');
        cells.forEach((cell, index) => paragraph.append(...(index > 0 ? [' | '] : []), ...cell));
        return paragraph;
      });
    table.replaceWith(...paragraphs);
  }

  const renamed: Record<string, string> = { H1: 'h2', H5: 'h4', H6: 'h4' };
  for (const heading of [...body.querySelectorAll('h1, h5, h6')]) {
    const replacement = document.createElement(renamed[heading.tagName]!);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }

  for (const image of [...body.querySelectorAll('img')]) {
    if (!LOADABLE.test(image.getAttribute('src') ?? '')) image.remove();
  }
  return body.innerHTML;
}
