import { describe, expect, it } from 'vitest';
import { referencedUploadIds } from './upload-ids';

const A = 'a'.repeat(32);
const B = '0123456789abcdef0123456789abcdef';
const C = 'c'.repeat(32);

describe('referencedUploadIds', () => {
  it('finds an upload field, a gallery and images inside rich text, each id once and sorted', () => {
    const data = {
      title: 'A post',
      cover_image: { src: `/api/uploads/${C}`, title: 'cover.png' },
      gallery: [{ src: `/api/uploads/${A}` }, { src: `/api/uploads/${C}` }],
      content: `<p>Before</p><img src="/api/uploads/${B}" alt="">`,
    };
    expect(referencedUploadIds(data)).toEqual([B, A, C]);
  });

  it('finds uploads in any field, declared or not, at any depth', () => {
    expect(referencedUploadIds({ old_photo: { nested: [{ url: `/api/uploads/${A}` }] } })).toEqual([A]);
  });

  it('reads the JSON text as SQLite stores it', () => {
    expect(referencedUploadIds(JSON.stringify({ cv: { src: `/api/uploads/${A}` } }))).toEqual([A]);
  });

  it('finds absolute URLs, signed links, escaped and percent-encoded slashes', () => {
    const data = {
      absolute: `https://cms.example.com/api/uploads/${A}`,
      signed: `/api/uploads/${B}?sig=abc&exp=1736330400`,
      proxied: `https://images.example.com/resize?url=%2Fapi%2Fuploads%2F${C.toUpperCase()}`,
    };
    expect(referencedUploadIds(data)).toEqual([B, A, C]);
    expect(referencedUploadIds(String.raw`{"src":"\/api\/uploads\/${A}"}`)).toEqual([A]);
  });

  it('finds a file named the way the router and browsers read it: escaped letters, dot segments, backslashes, doubled slashes', () => {
    const data = {
      escaped: `/%61pi/uploads/${A}`,
      twice: `/%2561pi/%75ploads/${B}`,
      gallery: [{ src: `/api/./uploads/${C}` }],
    };
    expect(referencedUploadIds(data)).toEqual([B, A, C]);
    expect(referencedUploadIds({ content: `<img src="/api/uploads/../uploads/${A}"><a href="//api//uploads/${B}">cv</a>` })).toEqual([B, A]);
    expect(referencedUploadIds({ src: `\\api\\uploads\\${C}` })).toEqual([C]);
  });

  it('ignores what cannot be one of ours', () => {
    const data = {
      external: 'https://cdn.example.com/photo.png',
      short: `/api/uploads/${A.slice(1)}`,
      other: `/api/files/${A}`,
      bare: A,
      link: `/api/uploads/${'g'.repeat(32)}`,
    };
    expect(referencedUploadIds(data)).toEqual([]);
    expect(referencedUploadIds({})).toEqual([]);
    expect(referencedUploadIds(null)).toEqual([]);
  });
});
