import { describe, expect, it } from 'vitest';
import { pastedHtml, type LeftOut } from './pastedHtml';

describe('pastedHtml', () => {
  it('turns each table row into a paragraph of its cells, which ran together before', () => {
    const word = '<p>Schedule</p><table><thead><tr><th>Phase</th><th>Weeks</th></tr></thead><tbody><tr><td><p>Foundations</p></td><td>4</td></tr><tr><td>Frame</td><td> 6 </td></tr><tr><td></td><td></td></tr></tbody></table>';
    expect(pastedHtml(word)).toBe('<p>Schedule</p><p>Phase | Weeks</p><p>Foundations | 4</p><p>Frame | 6</p>');
  });

  it("keeps a cell's links, emphasis and superscripts, its paragraphs run on with a space", () => {
    const docs = '<table><tr><td><p>See <a href="https://example.com/plan">the  plan</a></p><p><b>Area</b></p></td><td>120 m<sup>2</sup><br>net</td><td> <p> </p> </td></tr></table>';
    expect(pastedHtml(docs)).toBe('<p>See <a href="https://example.com/plan">the plan</a> <b>Area</b> | 120 m<sup>2</sup> net</p>');
  });

  it('reads a table inside a cell once, as part of that cell, and runs a rule or a figure on as words', () => {
    const nested = '<table><tr><td>Outer <table><tr><td>In1</td><td><b>In2</b></td></tr></table></td><td>a<hr>b</td><td><figure><figcaption>Plan</figcaption></figure></td></tr></table>';
    expect(pastedHtml(nested)).toBe('<p>Outer In1 | <b>In2</b> | a b | Plan</p>');
  });

  it("makes Word's list paragraphs the lists they were, with their levels, bullets and numbers taken away", () => {
    const bullet = (level: number, text: string, marker = '·') =>
      `<p class=MsoListParagraphCxSpMiddle style='text-indent:-18.0pt;mso-list:l0 level${level} lfo1'><!--[if !supportLists]--><span style='font-family:Symbol'><span style='mso-list:Ignore'>${marker}<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</span></span></span><!--[endif]-->${text}<o:p></o:p></p>`;
    const numbered = (level: number, text: string, marker: string) =>
      `<p class=MsoListParagraph style='mso-list:l1 level${level} lfo2'><span style='mso-list:Ignore'>${marker}<span>&nbsp;&nbsp;</span></span>${text}</p>`;
    const word =
      '<p class=MsoNormal>Scope</p>' +
      bullet(1, 'Foundations') +
      bullet(2, '<b>Piling</b>', 'o') +
      bullet(2, 'Pile caps', 'o') +
      bullet(1, 'Frame') +
      '<p class=MsoNormal>Steps</p>' +
      numbered(1, 'Survey', '1.') +
      numbered(1, 'Design', '2.') +
      numbered(2, 'Review', 'a)');
    expect(pastedHtml(word)).toBe(
      '<p class="MsoNormal">Scope</p>' +
        '<ul><li>Foundations<o:p></o:p><ul><li><b>Piling</b><o:p></o:p></li><li>Pile caps<o:p></o:p></li></ul></li><li>Frame<o:p></o:p></li></ul>' +
        '<p class="MsoNormal">Steps</p>' +
        '<ol><li>Survey</li><li>Design<ol><li>Review</li></ol></li></ol>',
    );
  });

  it("keeps a table's caption as the paragraph before its rows", () => {
    expect(pastedHtml('<table><caption>Costs <i>2026</i></caption><tr><th>Item</th><th>Cost</th></tr><tr><td>Steel</td><td>£1,200</td></tr></table>')).toBe(
      '<p>Costs <i>2026</i></p><p>Item | Cost</p><p>Steel | £1,200</p>',
    );
  });

  it('keeps a title (h1) as the first heading and h5, h6 as the last, with what is inside them', () => {
    expect(pastedHtml('<h1>Site <em>diary</em></h1><h5>Notes</h5><h6>Small</h6><h3>Kept</h3>')).toBe('<h2>Site <em>diary</em></h2><h4>Notes</h4><h4>Small</h4><h3>Kept</h3>');
  });

  it("drops a paragraph that held only a picture it drops (Word's), and keeps one with words", () => {
    const word = '<p class=MsoNormal>Site</p><p class=MsoNormal><span><img src="file:///C:/clip_image002.png"></span><o:p></o:p></p><p>Photo: <img src="data:image/png;base64,AA">crane</p>';
    expect(pastedHtml(word)).toBe('<p class="MsoNormal">Site</p><p>Photo: crane</p>');
  });

  it('drops an image the website could not load, and keeps web and site addresses', () => {
    const pasted = '<p>a<img src="file:///C:/Users/me/photo.png"><img src="data:image/png;base64,AAAA"><img><img src="https://cdn.example/x.png" alt="x"><img src="/api/uploads/abc">b</p>';
    expect(pastedHtml(pasted)).toBe('<p>a<img src="https://cdn.example/x.png" alt="x"><img src="/api/uploads/abc">b</p>');
  });

  it('says how many pictures it left out and why (unloadable, or in a table), and nothing when it kept them all', () => {
    const heard: LeftOut[] = [];
    const pasted =
      '<p><img src="file:///C:/a.png">a<img src="https://cdn.example/x.png"></p><table><tr><td>b<img src="https://cdn.example/y.png"></td><td>c<img src="data:image/png;base64,AA"></td></tr></table>';
    expect(pastedHtml(pasted, (pictures) => heard.push(pictures))).toBe('<p>a<img src="https://cdn.example/x.png"></p><p>b | c</p>');
    expect(heard).toEqual([{ unloadable: 2, inTables: 1 }]);
    pastedHtml('<p>a<img src="/api/uploads/abc"></p>', (pictures) => heard.push(pictures));
    pastedHtml('<p>no picture</p>', (pictures) => heard.push(pictures));
    // A Word list's picture bullet goes with the bullet: nothing to say (a review: it was counted as left out).
    const bullets =
      '<p class=MsoListParagraph style="mso-list:l0 level1 lfo1"><span style="mso-list:Ignore"><img src="https://cdn.example/bullet.gif"></span>Foundations</p>';
    expect(pastedHtml(bullets, (pictures) => heard.push(pictures))).toBe('<ul><li>Foundations</li></ul>');
    expect(heard).toEqual([{ unloadable: 2, inTables: 1 }]);
  });
});
