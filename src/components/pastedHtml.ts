// What a document pasted into the rich-text editor becomes, before the editor reads it (tiptap's transformPastedHTML).
// The editor has no tables and only three heading levels, and it kept a picture's empty place: a table pasted from
// Word or Google Docs ran its cells together ("PhaseWeeksFoundations4Frame6"), a title (h1) became plain text, and a
// picture, whose address is a file of the author's computer, a broken image on the website (an outside probe).
// Now each table row is a paragraph of its cells, separated by " | "; h1 is the editor's first heading, h5 and h6
// its last; an image whose address the website cannot load goes.

/** Addresses an image may keep: the web's, and this site's own paths (the server checks them again). */
const LOADABLE = /^(https?:\/\/|\/(?!\/))/i;

export function pastedHtml(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const body = document.body;

  for (const table of [...body.querySelectorAll('table')]) {
    const rows = [...table.querySelectorAll('tr')].map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()).filter((text) => text !== ''),
    );
    const paragraphs = rows
      .filter((cells) => cells.length > 0)
      .map((cells) => {
        const paragraph = document.createElement('p');
        paragraph.textContent = cells.join(' | ');
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
