// An image is stored with its picture, its colour profile and its orientation, and nothing else its metadata says:
// the layouts an outside probe published a position, a serial number and an owner's name through, built as bytes.
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { GIF, JPEG, PNG, WEBP, pngCrcsHold } from '../tests/helpers/files';
import { imageDimensions, shownDimensions } from './image-dimensions';
import { withoutLocation } from './image-location';

type Where = 'IFD0' | 'Exif IFD' | 'IFD1';

/**
 * A TIFF block as a camera writes one: IFD0 (make, orientation, the Exif IFD, maybe GPS), the Exif IFD (owner name,
 * body serial number, maybe GPS), IFD1 (maybe GPS), the GPS directory and its latitude 51° 30' 1.96".
 */
function cameraTiff(little: boolean, gpsIn: Where, orientation?: number): Buffer {
  const tiff = Buffer.alloc(214);
  const u16 = (value: number, at: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  // Each directory at a fixed place, with room for its entries: [tag, type, count, value or offset].
  const directory = (at: number, entries: [number, number, number, number][], next = 0) => {
    u16(entries.length, at);
    entries.forEach(([tag, type, count, value], index) => {
      const entry = at + 2 + index * 12;
      u16(tag, entry);
      u16(type, entry + 2);
      u32(count, entry + 4);
      if (type === 3) u16(value, entry + 8);
      else u32(value, entry + 8);
    });
    u32(next, at + 2 + entries.length * 12);
  };
  const GPS = 122;
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  directory(
    8,
    [
      [0x010f, 2, 9, 176], // Make
      ...(orientation ? [[0x0112, 3, 1, orientation] as [number, number, number, number]] : []),
      [0x8769, 4, 1, 62], // the Exif IFD
      ...(gpsIn === 'IFD0' ? [[0x8825, 4, 1, GPS] as [number, number, number, number]] : []),
    ],
    gpsIn === 'IFD1' ? 104 : 0,
  );
  directory(62, [
    [0xa430, 2, 13, 186], // CameraOwnerName
    [0xa431, 2, 14, 200], // BodySerialNumber
    ...(gpsIn === 'Exif IFD' ? [[0x8825, 4, 1, GPS] as [number, number, number, number]] : []),
  ]);
  if (gpsIn === 'IFD1') directory(104, [[0x8825, 4, 1, GPS]]);
  directory(GPS, [
    [0x0001, 2, 2, little ? 0x4e : 0x4e000000], // GPSLatitudeRef 'N'
    [0x0002, 5, 3, 152], // GPSLatitude
  ]);
  [51, 1, 30, 1, 196, 100].forEach((value, index) => u32(value, 152 + index * 4));
  tiff.write('ProbeCam\0', 176, 'latin1');
  tiff.write('Jane Q Owner\0', 186, 'latin1');
  tiff.write('SN-PROBE-4711\0', 200, 'latin1');
  return tiff;
}

/** The latitude's rationals in that byte order: what must not be found in a stored image. */
const latitude = (little: boolean) => cameraTiff(little, 'IFD0').subarray(152, 176);

/** What no stored image may hold. */
function expectNoMetadata(stored: Buffer, little = false) {
  expect(stored.includes(latitude(little))).toBe(false);
  for (const text of ['SN-PROBE', 'Jane Q Owner', 'ProbeCam', 'ns.adobe.com', 'GPSLatitude', '51,30']) {
    expect(stored.toString('latin1'), text).not.toContain(text);
  }
}

/** The smallest EXIF block that keeps an orientation: IFD0 with one SHORT entry, no next directory. */
function orientationTiff(little: boolean, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  if (little) {
    tiff.writeUInt16LE(42, 2);
    tiff.writeUInt32LE(8, 4);
    tiff.writeUInt16LE(1, 8);
    tiff.writeUInt16LE(0x0112, 10);
    tiff.writeUInt16LE(3, 12);
    tiff.writeUInt32LE(1, 14);
    tiff.writeUInt16LE(orientation, 18);
  } else {
    tiff.writeUInt16BE(42, 2);
    tiff.writeUInt32BE(8, 4);
    tiff.writeUInt16BE(1, 8);
    tiff.writeUInt16BE(0x0112, 10);
    tiff.writeUInt16BE(3, 12);
    tiff.writeUInt32BE(1, 14);
    tiff.writeUInt16BE(orientation, 18);
  }
  return tiff;
}

const XMP = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.0327N"/></x:xmpmeta>';

// ---- JPEG -------------------------------------------------------------------------------------------------------------

const segment = (marker: number, body: Buffer | string) => {
  const data = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
};
const exifSegment = (tiff: Buffer) => segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]));
const SOI = JPEG.subarray(0, 2);
/** The fixture after its start-of-image marker: JFIF, tables, frame, scan and end of image. */
const PICTURE = JPEG.subarray(2);
/** A JPEG with these segments right after its start of image, and these bytes after its end. */
const jpegWith = (segments: Buffer[], after: Buffer[] = []) => Buffer.concat([SOI, ...segments, PICTURE, ...after]);

describe('a JPEG', () => {
  it.each([
    ['IFD0', false],
    ['IFD0', true],
    ['Exif IFD', false],
    ['Exif IFD', true],
    ['IFD1', false],
    ['IFD1', true],
  ] as [Where, boolean][])('keeps only the orientation of an EXIF block with GPS in %s (little-endian: %s)', (where, little) => {
    const photo = jpegWith([exifSegment(cameraTiff(little, where, 6))]);
    expect(photo.includes(latitude(little))).toBe(true);
    const stored = withoutLocation(photo, 'image/jpeg')!;
    // Every byte of the picture as sent; the EXIF block rebuilt in its own byte order.
    expect(stored).toEqual(Buffer.concat([SOI, exifSegment(orientationTiff(little, 6)), PICTURE]));
    expectNoMetadata(stored, little);
    expect(shownDimensions(stored, 'image/jpeg')).toEqual(shownDimensions(photo, 'image/jpeg'));
  });

  it('drops an EXIF block without an orientation, and any EXIF block after the first', () => {
    const photo = jpegWith([exifSegment(cameraTiff(false, 'IFD0')), exifSegment(cameraTiff(true, 'Exif IFD', 8))]);
    const stored = withoutLocation(photo, 'image/jpeg')!;
    expect(stored).toEqual(JPEG);
  });

  it('drops XMP, extended XMP, Photoshop\'s APP13, the MPF index, JFXX, comments, and a second image after the end', () => {
    const photoshop = Buffer.concat([Buffer.from('Photoshop 3.0\x008BIM\x04\x24\0\0', 'latin1'), Buffer.alloc(4), Buffer.from(XMP, 'latin1')]);
    photoshop.writeUInt32BE(XMP.length, 22);
    const second = jpegWith([exifSegment(cameraTiff(false, 'IFD0', 1))]);
    const photo = jpegWith(
      [
        segment(0xe2, 'MPF\0MM\0*\0\0\0\x08'),
        segment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`),
        segment(0xe1, `http://ns.adobe.com/xmp/extension/\0${'0'.repeat(32)}\0\0\0\x80\0\0\0\0${XMP}`),
        segment(0xed, photoshop),
        segment(0xe0, 'JFXX\0\x10\xff\xd8\xff\xd9'),
        segment(0xfe, 'taken at 51.5005 N, Jane Q Owner'),
      ],
      [second],
    );
    const stored = withoutLocation(photo, 'image/jpeg')!;
    expect(stored).toEqual(JPEG);
    expectNoMetadata(stored);
  });

  it('keeps the ICC colour profile and Adobe\'s APP14 (CMYK or YCCK), and drops the JFIF thumbnail', () => {
    const icc = segment(0xe2, 'ICC_PROFILE\0\x01\x01 a colour profile');
    const adobe = segment(0xee, 'Adobe\0\x64\0\0\0\0\x02');
    const jfif = JPEG.subarray(2, 20);
    // The fixture's JFIF segment with a 1 × 1 thumbnail (3 bytes of RGB).
    const jfifWithThumbnail = segment(0xe0, Buffer.concat([jfif.subarray(4, 16), Buffer.from([1, 1, 0xab, 0xcd, 0xef])]));
    const photo = Buffer.concat([SOI, jfifWithThumbnail, icc, adobe, JPEG.subarray(20)]);
    expect(withoutLocation(photo, 'image/jpeg')).toEqual(Buffer.concat([SOI, jfif, icc, adobe, JPEG.subarray(20)]));
  });

  it('walks every scan of a progressive JPEG: stuffed bytes and restart markers stay, metadata between scans goes', () => {
    const end = JPEG.length - 2;
    const scanHeader = JPEG.subarray(JPEG.indexOf(Buffer.from([0xff, 0xda])), JPEG.indexOf(Buffer.from([0xff, 0xda])) + 10);
    const table = JPEG.subarray(JPEG.indexOf(Buffer.from([0xff, 0xc4])), JPEG.indexOf(Buffer.from([0xff, 0xda])));
    // A second scan whose coded data holds FF 00, a restart marker and a fill byte before the end of image.
    const secondScan = Buffer.concat([table, scanHeader, Buffer.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd3, 0x56, 0xff])]);
    const photo = Buffer.concat([JPEG.subarray(0, end), segment(0xe1, `http://ns.adobe.com/xap/1.0/\0${XMP}`), secondScan, JPEG.subarray(end), Buffer.from('trailer')]);
    const stored = withoutLocation(photo, 'image/jpeg')!;
    expect(stored).toEqual(Buffer.concat([JPEG.subarray(0, end), secondScan, JPEG.subarray(end)]));
    expect(imageDimensions(stored, 'image/jpeg')).toEqual({ width: 1, height: 1 });
  });

  it.each([
    ['without its end of image', JPEG.subarray(0, -2)],
    ['with a segment longer than the file', Buffer.concat([SOI, Buffer.from([0xff, 0xe1, 0xff, 0xff]), PICTURE])],
    ['with bytes between segments', Buffer.concat([SOI, Buffer.from('junk'), PICTURE])],
  ])('cannot be walked %s', (_label, bytes) => {
    expect(withoutLocation(bytes, 'image/jpeg')).toBeUndefined();
  });
});

// ---- PNG --------------------------------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer | string): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), typeof data === 'string' ? Buffer.from(data, 'latin1') : data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}
const IHDR_END = 8 + 12 + 13;
const pngWith = (chunks: Buffer[], after: Buffer[] = []) => Buffer.concat([PNG.subarray(0, IHDR_END), ...chunks, PNG.subarray(IHDR_END), ...after]);
/** EXIF as ImageMagick writes it into a PNG's text: hex, headed by its name and length. */
const rawProfile = (tiff: Buffer) => {
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  return `\nexif\n${String(exif.length).padStart(8)}\n${exif.toString('hex')}\n`;
};
const RAW_PROFILE = 'Raw profile type exif\0';

describe('a PNG', () => {
  it('keeps only the orientation of an eXIf chunk (with or without Exif\\0\\0), and drops every text chunk and tIME', () => {
    const tiff = cameraTiff(false, 'Exif IFD', 6);
    const photo = pngWith(
      [
        pngChunk('eXIf', Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])),
        pngChunk('tEXt', RAW_PROFILE + rawProfile(tiff)),
        // Keyword, compression method 0, then the text deflated.
        pngChunk('zTXt', Buffer.concat([Buffer.from(`${RAW_PROFILE}\0`, 'latin1'), deflateSync(rawProfile(tiff))])),
        pngChunk('tEXt', `XML:com.adobe.xmp\0${XMP}`),
        pngChunk('iTXt', `XML:com.adobe.xmp\0\0\0\0\0${XMP}`),
        pngChunk('tIME', Buffer.from([0x07, 0xea, 12, 7, 16, 27, 0])),
        pngChunk('caBX', 'a C2PA manifest'),
      ],
      [Buffer.from('after the end')],
    );
    const stored = withoutLocation(photo, 'image/png')!;
    expect(stored).toEqual(pngWith([pngChunk('eXIf', orientationTiff(false, 6))]));
    expect(pngCrcsHold(stored)).toBe(true);
    expect(imageDimensions(stored, 'image/png')).toEqual({ width: 1, height: 1 });
    expectNoMetadata(stored);
    expect(stored.toString('latin1')).not.toContain('Raw profile');
  });

  it('drops an eXIf chunk without an orientation, and keeps the chunks of the picture and its colours', () => {
    const colours = [pngChunk('gAMA', Buffer.from([0, 0, 0xb1, 0x8f])), pngChunk('iCCP', 'sRGB\0\0profile'), pngChunk('pHYs', Buffer.alloc(9))];
    const photo = pngWith([...colours, pngChunk('eXIf', cameraTiff(true, 'IFD1'))]);
    expect(withoutLocation(photo, 'image/png')).toEqual(pngWith(colours));
  });

  it.each([
    ['with a chunk longer than the file', Buffer.concat([PNG.subarray(0, IHDR_END), Buffer.from([0, 0, 0x10, 0, 0x74, 0x45, 0x58, 0x74]), PNG.subarray(IHDR_END)])],
    ['without IEND', PNG.subarray(0, -12)],
  ])('cannot be walked %s', (_label, bytes) => {
    expect(withoutLocation(bytes, 'image/png')).toBeUndefined();
  });
});

// ---- GIF --------------------------------------------------------------------------------------------------------------

/** An extension: introducer, label, its data in sub-blocks of at most 255 bytes, terminator. */
function gifExtension(label: number, ...blocks: (Buffer | string)[]): Buffer {
  const parts = blocks.map((block) => (typeof block === 'string' ? Buffer.from(block, 'latin1') : block));
  return Buffer.concat([Buffer.from([0x21, label]), ...parts.map((part) => Buffer.concat([Buffer.from([part.length]), part])), Buffer.from([0])]);
}
/** The 1 × 1 fixture with blocks put before its image (after its screen, colour table and graphic control). */
const GIF_IMAGE = GIF.indexOf(Buffer.from([0x2c, 0, 0, 0, 0]));
const gifWith = (blocks: Buffer[]) => Buffer.concat([GIF.subarray(0, GIF_IMAGE), ...blocks, GIF.subarray(GIF_IMAGE)]);

describe('a GIF', () => {
  it('keeps looping, colour profile, graphic control and plain text; drops XMP, other applications\' blocks, comments', () => {
    const loop = gifExtension(0xff, 'NETSCAPE2.0', Buffer.from([1, 0, 0]));
    const plainText = gifExtension(0x01, Buffer.alloc(12), 'caption');
    // Photoshop's XMP: the packet as it is, then a 258-byte "magic trailer" that makes it read as sub-blocks.
    const magic = Buffer.from([1, ...Array.from({ length: 256 }, (_, index) => 255 - index), 0]);
    const xmp = Buffer.concat([Buffer.from('\x21\xff\x0bXMP DataXMP', 'latin1'), Buffer.from(XMP, 'latin1'), magic]);
    const icc = gifExtension(0xff, 'ICCRGBG1012', 'a colour profile');
    const comment = gifExtension(0xfe, 'Jane Q Owner, SN-PROBE-4711');
    const photo = gifWith([loop, xmp, comment, plainText, icc, gifExtension(0xff, 'MGK8BIM0000', 'Jane Q Owner')]);
    const stored = withoutLocation(photo, 'image/gif')!;
    expect(stored).toEqual(gifWith([loop, plainText, icc]));
    expectNoMetadata(stored);
  });

  it('cannot be walked when it stops before its trailer, or holds a block of no known kind', () => {
    expect(withoutLocation(GIF.subarray(0, -2), 'image/gif')).toBeUndefined();
    expect(withoutLocation(gifWith([Buffer.from([0x99, 0, 0])]), 'image/gif')).toBeUndefined();
  });

  it('is as large as its largest frame reaches, not only its screen', () => {
    // A 1 × 1 screen and a 20000 × 20000 frame at 5, 7: browsers draw the frame at its own size.
    const frame = Buffer.from([0x2c, 5, 0, 7, 0, 0x20, 0x4e, 0x20, 0x4e, 0, 0x02, 0x02, 0x44, 0x01, 0]);
    expect(imageDimensions(gifWith([frame]), 'image/gif')).toEqual({ width: 20005, height: 20007 });
    expect(imageDimensions(GIF, 'image/gif')).toEqual({ width: 1, height: 1 });
  });
});

// ---- WebP -------------------------------------------------------------------------------------------------------------

function webpChunk(type: string, data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
  const chunk = Buffer.alloc(8 + bytes.length + (bytes.length % 2));
  chunk.write(type, 0, 'latin1');
  chunk.writeUInt32LE(bytes.length, 4);
  bytes.copy(chunk, 8);
  return chunk;
}
function webp(chunks: Buffer[]): Buffer {
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  const body = Buffer.concat(chunks);
  head.writeUInt32LE(4 + body.length, 4);
  return Buffer.concat([head, body]);
}
/** An extended WebP's header chunk: its flags, and a 1 × 1 canvas. */
const vp8x = (flags: number) => webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]));
/** The fixture's one image chunk (VP8L, 1 × 1). */
const IMAGE = WEBP.subarray(12);
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;
const ALPHA_FLAG = 0x10;

describe('a WebP', () => {
  it('keeps only the orientation of its EXIF chunk (with or without Exif\\0\\0), drops XMP, and says so in its flags', () => {
    const tiff = cameraTiff(true, 'Exif IFD', 3);
    for (const exif of [tiff, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])]) {
      const photo = webp([vp8x(ALPHA_FLAG | EXIF_FLAG | XMP_FLAG), IMAGE, webpChunk('EXIF', exif), webpChunk('XMP ', XMP)]);
      const stored = withoutLocation(Buffer.concat([photo, Buffer.from('after the RIFF')]), 'image/webp')!;
      expect(stored).toEqual(webp([vp8x(ALPHA_FLAG | EXIF_FLAG), IMAGE, webpChunk('EXIF', orientationTiff(true, 3))]));
      expect(imageDimensions(stored, 'image/webp')).toEqual({ width: 1, height: 1 });
      expectNoMetadata(stored, true);
    }
  });

  it('drops an EXIF chunk without an orientation, clearing its flag', () => {
    const photo = webp([vp8x(EXIF_FLAG | XMP_FLAG), IMAGE, webpChunk('EXIF', cameraTiff(false, 'IFD0')), webpChunk('XMP ', XMP)]);
    expect(withoutLocation(photo, 'image/webp')).toEqual(webp([vp8x(0), IMAGE]));
    // A simple WebP (no VP8X) is kept as it is.
    expect(withoutLocation(WEBP, 'image/webp')).toEqual(WEBP);
  });

  it('cannot be walked with a chunk past its RIFF size', () => {
    const photo = webp([IMAGE]);
    photo.writeUInt32LE(0x1000, 16);
    expect(withoutLocation(photo, 'image/webp')).toBeUndefined();
  });
});

describe('other files', () => {
  it('are answered as they are', () => {
    const pdf = Buffer.from('%PDF-1.4 Jane Q Owner');
    expect(withoutLocation(pdf, 'application/pdf')).toBe(pdf);
  });
});
