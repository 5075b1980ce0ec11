// The editor's own text, sent back to it. ra-input-rich-text sets the form's value into the editor whenever the value
// changes, the editor's own edits included: each echo was a step of the editor's history, so Undo took two presses
// for one step and Redo never brought back what Undo took away (an outside probe lost typed text that way). An echo
// that would leave the document as it is does nothing here; a value that differs (a reset, a draft brought back, a
// colleague's version after an edit conflict) is set as before.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

export const FormEcho = Extension.create({
  name: 'formEcho',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('formEcho'),
        // setContent(…, { emitUpdate: false }) marks its transaction 'preventUpdate'.
        filterTransaction: (transaction, state) => !(transaction.getMeta('preventUpdate') === true && transaction.docChanged && transaction.doc.eq(state.doc)),
      }),
    ];
  },
});
