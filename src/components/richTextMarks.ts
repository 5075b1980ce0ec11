// Superscript and subscript for the rich-text editor: m², CO₂, footnote marks. Without them a pasted 'm<sup>2</sup>'
// became 'm2' and 'E = mc²' typed from a document 'E = mc2', a change of meaning (an outside probe). The server keeps
// <sup> and <sub> (server/sanitize.ts). Google Docs writes them as spans styled vertical-align: super or sub.
import { Mark } from '@tiptap/core';

type Position = 'superscript' | 'subscript';

const TAGS: Record<Position, 'sup' | 'sub'> = { superscript: 'sup', subscript: 'sub' };
const ALIGN: Record<Position, string> = { superscript: 'super', subscript: 'sub' };
// The keys most editors use (Word and Google Docs: Ctrl+. and Ctrl+,).
const KEYS: Record<Position, string> = { superscript: 'Mod-.', subscript: 'Mod-,' };

function shiftedMark(name: Position) {
  const other: Position = name === 'superscript' ? 'subscript' : 'superscript';
  return Mark.create({
    name,
    // A character is raised or lowered, not both.
    excludes: `${name} ${other}`,
    parseHTML() {
      return [
        { tag: TAGS[name] },
        { style: 'vertical-align', consuming: false, getAttrs: (value) => (String(value).trim() === ALIGN[name] ? {} : false) },
      ];
    },
    renderHTML() {
      return [TAGS[name], 0];
    },
    addKeyboardShortcuts() {
      return { [KEYS[name]]: () => this.editor.commands.toggleMark(name) };
    },
  });
}

export const Superscript = shiftedMark('superscript');
export const Subscript = shiftedMark('subscript');
