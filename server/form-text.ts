// The text parts of multipart/form-data, refused when their bytes were not UTF-8 (a probe of the website's forms,
// issue #10's review). busboy decodes a part as UTF-8 (or as the charset the part itself declares) and turns bytes
// that are not into U+FFFD, the replacement character: "A\xff\xfe" in a careers-form's full_name was stored as
// "A\uFFFD\uFFFD", where the same bytes in JSON are refused (plugins/json-body.ts). Which bytes a part held is not
// told past busboy, and reading every part as raw bytes instead would misread the parts that declare their charset
// (.NET's HttpClient labels each one `text/plain; charset=utf-8`). So a text part holding U+FFFD is refused: what a
// visitor types never holds it, and a page in another encoding posting its form gets a clear answer instead of
// its visitors' names stored with holes in them.

/** The replacement character a decoder puts for bytes it could not read. */
const REPLACED = '\uFFFD';

/**
 * A text part's value as the text it stands for; undefined when its bytes were not UTF-8 (it holds U+FFFD). A part
 * labelled application/json comes parsed by @fastify/multipart: its value is kept as it came, to be refused or not
 * by the form's schema as any value.
 */
export function formText(value: unknown): unknown {
  return typeof value === 'string' && value.includes(REPLACED) ? undefined : value;
}
