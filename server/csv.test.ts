import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it.each([
    ['plain text', 'Hello', 'Hello'],
    ['a comma', 'a,b', '"a,b"'],
    ['quotes', 'say "hi"', '"say ""hi"""'],
    ['a line break', 'one\ntwo', '"one\ntwo"'],
    ['a carriage return', 'one\rtwo', '"one\rtwo"'],
    ['null', null, ''],
    ['a number', 42, '42'],
    ['a negative number (ours, not a formula)', -5, '-5'],
    ['a boolean', false, 'false'],
    ['a list', ['a', 'b'], 'a; b'],
    ['an uploaded file', { src: '/api/uploads/abc', title: 'cv.pdf' }, '/api/uploads/abc'],
  ])('writes %s', (_label, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\r=1'])('neutralizes the formula %j', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('neutralizes and quotes a formula that also has a comma', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [2, 'y,z']])).toBe('a,b\r\n1,x\r\n2,"y,z"\r\n');
  });
});
