// The editor's own text, sent back to it. ra-input-rich-text sets the form's value into the editor whenever the value
// changes, the editor's own edits included: each echo was a step of the editor's history, so Undo took two presses
// for one step and Redo never brought back what Undo took away, and the record's text, set when the form opened, was
// a step too: one Ctrl+Z on a post just opened emptied it, and Save stored it empty (outside probes). An echo that
// would leave the document as it is does nothing here; a value that differs (the record arriving, a reset, a draft
// brought back, a colleague's version after an edit conflict) is set as before, but as no step to undo.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

export const FormEcho = Extension.create({
  name: 'formEcho',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('formEcho'),
        // setContent(…, { emitUpdate: false }) marks its transaction 'preventUpdate': the form's value, not the person.
        filterTransaction: (transaction, state) => {
          if (transaction.getMeta('preventUpdate') !== true || !transaction.docChanged) return true;
          if (transaction.doc.eq(state.doc)) return false;
          transaction.setMeta('addToHistory', false);
          return true;
        },
      }),
    ];
  },
});
