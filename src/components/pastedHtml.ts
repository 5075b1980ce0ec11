// What a document pasted into the rich-text editor becomes, before the editor reads it (tiptap's transformPastedHTML).
// The editor has no tables and only three heading levels, and it kept a picture's empty place: a table pasted from
// Word or Google Docs ran its cells together ("PhaseWeeksFoundations4Frame6"), a title (h1) became plain text, and a
// picture, whose address is a file of the author's computer, a broken image on the website (an outside probe).
// Now each table row is a paragraph of its cells, separated by " | ", their links and emphasis kept, after its
// caption; h1 is the editor's first heading, h5 and h6 its last; an image whose address the website cannot load goes,
// and `leftOut` hears how many went, and why; Word's list paragraphs are lists again (below).

/** Addresses an image may keep: the web's, and this site's own paths (the server checks them again). */
const LOADABLE = /^(https?:\/\/|\/(?!\/))/i;

const BLOCKS = 'p, div, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, pre, dl, dt, dd, figure, figcaption, section, article, header, footer, address';

/**
 * A table cell's words with their links, emphasis and superscripts (a cell's text alone lost them: an outside probe),
 * its paragraphs run on with a space between, its white space collapsed; empty for a cell with no words.
 */
function cellContent(cell: Element, left: LeftOut): Node[] {
  const copy = cell.cloneNode(true) as Element;
  for (const image of [...copy.querySelectorAll('img')]) {
    if (LOADABLE.test(image.getAttribute('src') ?? '')) left.inTables += 1;
    else left.unloadable += 1;
    image.remove();
  }
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

// Word writes a list as paragraphs, each with its place in the list in its style (`mso-list:l0 level2 lfo1`) and its
// bullet or number as text in a span marked `mso-list:Ignore`: pasted, they were paragraphs starting with "·" or "1."
// and runs of no-break spaces, the levels lost (an outside probe). They become the lists they were.
const WORD_LIST_ITEM = /mso-list:\s*l(\d+)\s+level(\d+)/i;
// A number, letter or roman numeral closed by '.' or ')': '1.', 'a)', 'iv.'; a bullet is anything else ('·', 'o', '§').
const NUMBERED_MARKER = /^[([]?(\d+|[a-z]|[ivxlcdm]+)[.)\]]$/i;

function wordListPlace(element: Element): { list: string; level: number } | null {
  const match = element.tagName === 'P' ? WORD_LIST_ITEM.exec(element.getAttribute('style') ?? '') : null;
  return match ? { list: match[1]!, level: Number(match[2]) } : null;
}

/** The item's words without Word's marker (its bullet or number, and the spaces after it); whether that was a number. */
function wordListItem(paragraph: Element, document: Document): { item: HTMLLIElement; numbered: boolean } {
  const markers = [...paragraph.querySelectorAll('[style*="mso-list"]')].filter((element) => /mso-list:\s*ignore/i.test(element.getAttribute('style') ?? ''));
  const marker = markers.map((element) => element.textContent ?? '').join('').replace(/[\s\u00a0]+/g, '');
  for (const element of markers) {
    // With the spans that held only the marker (Word wraps it in one for its font).
    let gone: Element = element;
    while (gone.parentElement && gone.parentElement !== paragraph && gone.parentElement.childNodes.length === 1) gone = gone.parentElement;
    gone.remove();
  }
  const item = document.createElement('li');
  item.append(...paragraph.childNodes);
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_COMMENT);
  const comments: Node[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) comments.push(node);
  for (const comment of comments) comment.parentNode?.removeChild(comment);
  const first = document.createTreeWalker(item, NodeFilter.SHOW_TEXT).nextNode();
  if (first) first.textContent = (first.textContent ?? '').replace(/^[\s\u00a0]+/, '');
  return { item, numbered: NUMBERED_MARKER.test(marker) };
}

function wordLists(body: HTMLElement, document: Document): void {
  const done = new Set<Element>();
  for (const start of [...body.querySelectorAll('p')]) {
    const place = wordListPlace(start);
    if (!place || done.has(start)) continue;
    // The paragraphs of one list follow each other.
    const run: Element[] = [start];
    for (let next = start.nextElementSibling; next && wordListPlace(next)?.list === place.list; next = next.nextElementSibling) run.push(next);
    const open: { level: number; list: HTMLElement }[] = [];
    for (const paragraph of run) {
      done.add(paragraph);
      const { level } = wordListPlace(paragraph)!;
      const { item, numbered } = wordListItem(paragraph, document);
      while (open.length > 1 && level < open[open.length - 1]!.level) open.pop();
      const top = open[open.length - 1];
      if (!top || level > top.level) {
        const list = document.createElement(numbered ? 'ol' : 'ul');
        // The outermost list where the first paragraph was; a deeper one inside the item before it.
        if (!top) start.before(list);
        else (top.list.lastElementChild ?? top.list.appendChild(document.createElement('li'))).append(list);
        open.push({ level, list });
      }
      open[open.length - 1]!.list.append(item);
      paragraph.remove();
    }
  }
}

/**
 * The pictures a paste left out: those the website cannot load (a file of the author's computer, one inside the
 * document), and loadable ones inside a table, which becomes its rows' words. A Word list's picture bullet is neither:
 * it goes with the bullet.
 */
export interface LeftOut {
  unloadable: number;
  inTables: number;
}

export function pastedHtml(html: string, leftOut?: (pictures: LeftOut) => void): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;
  const left: LeftOut = { unloadable: 0, inTables: 0 };
  wordLists(body, document);

  // Innermost first: a table in a cell is already its paragraphs when the cell is read. Each table reads its own rows
  // and cells only (a nested table's were read three times: a review).
  for (const table of [...body.querySelectorAll('table')].reverse()) {
    const rows = [...table.querySelectorAll(':scope > tr, :scope > thead > tr, :scope > tbody > tr, :scope > tfoot > tr')].map((row) =>
      [...row.querySelectorAll(':scope > th, :scope > td')].map((cell) => cellContent(cell, left)).filter((cell) => cell.length > 0),
    );
    const paragraphs = rows
      .filter((cells) => cells.length > 0)
      .map((cells) => {
        const paragraph = document.createElement('p');
        cells.forEach((cell, index) => paragraph.append(...(index > 0 ? [' | '] : []), ...cell));
        return paragraph;
      });
    // Its caption, if any, is the paragraph before its rows (it was dropped: an outside probe).
    const caption = table.querySelector(':scope > caption');
    const title = caption ? cellContent(caption, left) : [];
    if (title.length > 0) {
      const paragraph = document.createElement('p');
      paragraph.append(...title);
      paragraphs.unshift(paragraph);
    }
    table.replaceWith(...paragraphs);
  }

  const renamed: Record<string, string> = { H1: 'h2', H5: 'h4', H6: 'h4' };
  for (const heading of [...body.querySelectorAll('h1, h5, h6')]) {
    const replacement = document.createElement(renamed[heading.tagName]!);
    replacement.append(...heading.childNodes);
    heading.replaceWith(replacement);
  }

  for (const image of [...body.querySelectorAll('img')]) {
    if (LOADABLE.test(image.getAttribute('src') ?? '')) continue;
    // With the paragraph that held only it: Word's picture left an empty paragraph, stored as such (an outside probe).
    const paragraph = image.closest('p');
    left.unloadable += 1;
    image.remove();
    if (paragraph && (paragraph.textContent ?? '').trim() === '' && !paragraph.querySelector('img, br')) paragraph.remove();
  }
  // Said to the person who pasted (the editor's notice, RichTextInput.tsx): they went without a word before.
  if (left.unloadable + left.inTables > 0) leftOut?.(left);
  return body.innerHTML;
}
