// Tiny but real files, built as bytes, for upload tests: what file-type sees in the wild.
import { crc32, deflateRawSync } from 'node:zlib';

// A 1×1 transparent PNG.
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

// A 1×1 progressive JPEG (JFIF), ending with its end-of-image marker (FF D9).
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxD/2Q==',
  'base64',
);

// A 1×1 transparent GIF, ending with its trailer (3B).
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

// A 1×1 lossless WebP (VP8L): its RIFF size is the file's length less 8.
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

// A one-page PDF with no content.
export const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

// The first bytes of a Linux executable and of a Windows one.
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120)]);
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]);

/** A ZIP archive with stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(text);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralBytes = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

// The smallest Word document file-type recognises: its content types and the main part.
export const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
});

// An OLE compound file (the container of .doc, .xls, .msi…): its signature, then a directory entry name.
const cfb = (stream: string) =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016), Buffer.from(stream, 'utf16le'), Buffer.alloc(512)]);
// Word 97–2003 keeps its text in a stream named WordDocument; an installer does not.
export const DOC = cfb('WordDocument');
export const MSI = cfb('SummaryInformation');

// ---- Images of a chosen size: what their headers claim (a few hundred bytes each) ---------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming width × height pixels, with a token of image data. */
export function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateRawSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The 1×1 JPEG with its frame header (SOF2, progressive) rewritten to claim width × height. */
export function jpegClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.from(JPEG);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc2]));
  if (sof < 0) throw new Error('the JPEG fixture has no SOF2 frame header');
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

export function gifClaiming(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  // A 1×1 image at the origin, then the trailer.
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

/** An extended WebP (VP8X) whose canvas is width × height. */
export function webpClaiming(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const chunk = Buffer.concat([Buffer.from('VP8X', 'latin1'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

/** A JPEG of width × height whose EXIF block says how to turn it (Orientation 1 to 8), as a phone camera writes one. */
export function jpegTurned(width: number, height: number, orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // the first directory, right after this header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  // No next directory (bytes 22-25 stay 0).
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, 0, 0]), body]);
  segment.writeUInt16BE(body.length + 2, 2);
  const jpeg = jpegClaiming(width, height);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/** A TIFF block (big-endian) as a phone writes one: Orientation, the camera's make, and where the photo was taken. */
function tiffWithLocation(orientation: number): Buffer {
  const tiff = Buffer.alloc(200);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number, short = false) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    if (short) tiff.writeUInt16BE(value, at + 8);
    else tiff.writeUInt32BE(value, at + 8);
  };
  // The first directory, at 8: three entries, then no next directory.
  tiff.writeUInt16BE(3, 8);
  entry(10, 0x010f, 2, 9, 120); // Make: 'ProbeCam\0' at 120
  entry(22, 0x0112, 3, 1, orientation, true); // Orientation
  entry(34, 0x8825, 4, 1, 50); // GPSInfo: the GPS directory at 50
  tiff.write('ProbeCam\0', 120, 'latin1');
  // The GPS directory, at 50: latitude 51° 30' 12.34" N, longitude 0° 7' 39" W.
  tiff.writeUInt16BE(4, 50);
  entry(52, 0x0001, 2, 2, 0x4e000000); // GPSLatitudeRef 'N'
  entry(64, 0x0002, 5, 3, 136); // GPSLatitude at 136
  entry(76, 0x0003, 2, 2, 0x57000000); // GPSLongitudeRef 'W'
  entry(88, 0x0004, 5, 3, 160); // GPSLongitude at 160
  [51, 1, 30, 1, 1234, 100].forEach((n, i) => tiff.writeUInt32BE(n, 136 + i * 4));
  [0, 1, 7, 1, 39, 1].forEach((n, i) => tiff.writeUInt32BE(n, 160 + i * 4));
  return tiff;
}

/** The XMP packet a phone or an editor adds beside EXIF, with the position again. */
export const XMP_WITH_LOCATION = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:Description exif:GPSLatitude="51,30.2057N" exif:GPSLongitude="0,7.65W"/></x:xmpmeta>';

/** The latitude's three rationals as the TIFF block holds them: what must not be found in a stored photo. */
export const LATITUDE_BYTES = Buffer.from([0, 0, 0, 51, 0, 0, 0, 1, 0, 0, 0, 30, 0, 0, 0, 1, 0, 0, 0x04, 0xd2, 0, 0, 0, 100]);

/** A width × height JPEG taken by a phone: EXIF with Orientation, make and GPS position, and an XMP packet. */
export function jpegWithLocation(width: number, height: number, orientation = 1): Buffer {
  const segment = (body: Buffer) => {
    const head = Buffer.from([0xff, 0xe1, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const exif = segment(Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiffWithLocation(orientation)]));
  const xmp = segment(Buffer.from(`http://ns.adobe.com/xap/1.0/\0${XMP_WITH_LOCATION}`, 'latin1'));
  const jpeg = jpegClaiming(width, height);
  return Buffer.concat([jpeg.subarray(0, 2), exif, xmp, jpeg.subarray(2)]);
}

/** A width × height PNG with an eXIf chunk holding a GPS position. */
export function pngWithLocation(width: number, height: number): Buffer {
  const png = pngClaiming(width, height);
  const afterHeader = 8 + 12 + 13;
  return Buffer.concat([png.subarray(0, afterHeader), pngChunk('eXIf', tiffWithLocation(1)), png.subarray(afterHeader)]);
}

/** Every PNG chunk's CRC is right. */
export function pngCrcsHold(png: Buffer): boolean {
  for (let offset = 8; offset + 12 <= png.length; ) {
    const length = png.readUInt32BE(offset);
    if (png.readUInt32BE(offset + 8 + length) !== crc32(png.subarray(offset + 4, offset + 8 + length))) return false;
    offset += 12 + length;
  }
  return true;
}
