import { describe, expect, it } from 'vitest';
import { FORM_FILE_RULE, MAX_UPLOAD_BYTES, MB, UPLOAD_KINDS, UPLOAD_RULES } from './uploads';

describe('upload rules', () => {
  it('take images up to 5 MB and documents up to 10 MB, so no file over 10 MB is read', () => {
    expect(UPLOAD_RULES.image.maxBytes).toBe(5 * MB);
    expect(UPLOAD_RULES.document.maxBytes).toBe(10 * MB);
    expect(MAX_UPLOAD_BYTES).toBe(10 * MB);
  });

  it('give each type to one kind only, and name every type in the words people read', () => {
    const mimes = UPLOAD_KINDS.flatMap((kind) => UPLOAD_RULES[kind].types.map((type) => type.mime));
    expect(new Set(mimes).size).toBe(mimes.length);
    for (const kind of UPLOAD_KINDS) {
      const { types, typesText } = UPLOAD_RULES[kind];
      for (const type of types) expect(typesText.toLowerCase()).toContain(type.extensions[0]!.replace('jpg', 'jpeg'));
    }
  });

  it('accept the Word formats and the web image formats', () => {
    expect(UPLOAD_RULES.document.types.map((type) => type.extensions[0])).toEqual(['pdf', 'doc', 'docx']);
    expect(UPLOAD_RULES.image.types.map((type) => type.mime)).toEqual(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
  });
});

describe('files sent with a public form', () => {
  it('are PDF or DOCX documents, at the document size limit', () => {
    expect(FORM_FILE_RULE.types.map((type) => type.extensions[0])).toEqual(['pdf', 'docx']);
    expect(FORM_FILE_RULE.maxBytes).toBe(UPLOAD_RULES.document.maxBytes);
  });
});
