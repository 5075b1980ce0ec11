// What a photo says about who took it, where and when does not go public with it. An outside probe read positions
// from public files in eight layouts a search for GPS blocks missed (EXIF in PNG text chunks, XMP in GIF, Photoshop's
// APP13, a second image after the first…), and every camera's serial number and owner name. So metadata is kept by
// allow-list: a stored image holds its picture, its ICC colour profile and its EXIF Orientation (which turns a phone
// photo upright), rebuilt as a 26-byte EXIF block; every other metadata block and every byte after the image's end
// are dropped. Nothing is decoded or re-encoded: the file is rebuilt from its own blocks, the picture's bytes as sent.
import { crc32 } from 'node:zlib';
import { gifBlocks, tiffOrientation } from './image-dimensions';

/**
 * The image without its metadata; undefined when its structure cannot be walked to its end, so that nothing it holds
 * goes unchecked. Any other file is answered as it is.
 */
export function withoutLocation(bytes: Buffer, mime: string): Buffer | undefined {
  if (mime === 'image/jpeg') return jpegKept(bytes);
  if (mime === 'image/png') return pngKept(bytes);
  if (mime === 'image/gif') return gifKept(bytes);
  if (mime === 'image/webp') return webpKept(bytes);
  return bytes;
}

const EXIF_HEADER = 'Exif\0\0';

/**
 * A TIFF structure holding only IFD0's Orientation, in the byte order of the block it comes from (start to end);
 * undefined when that block has no orientation (1 to 8) to keep.
 */
function orientationOnly(bytes: Buffer, start: number, end: number): Buffer | undefined {
  const orientation = tiffOrientation(bytes, start, end);
  if (orientation === undefined || orientation < 1 || orientation > 8) return undefined;
  const little = bytes[start] === 0x49;
  const tiff = Buffer.alloc(26);
  const u16 = (value: number, at: number) => (little ? tiff.writeUInt16LE(value, at) : tiff.writeUInt16BE(value, at));
  const u32 = (value: number, at: number) => (little ? tiff.writeUInt32LE(value, at) : tiff.writeUInt32BE(value, at));
  tiff.write(little ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  // One entry: Orientation, SHORT, one value; then no next directory (the last 4 bytes stay 0).
  u16(1, 8);
  u16(0x0112, 10);
  u16(3, 12);
  u32(1, 14);
  u16(orientation, 18);
  return tiff;
}

// ---- JPEG -----------------------------------------------------------------------------------------------------------

const EOI = Buffer.from([0xff, 0xd9]);

function jpegKept(bytes: Buffer): Buffer | undefined {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let exifSeen = false;
  let offset = 2;
  while (offset + 1 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    // The first image ends here: what follows (a phone's trailer, a multi-picture file's next image) is not kept.
    if (marker === 0xd9) return Buffer.concat([...kept, EOI]);
    // Markers without a length (TEM, RSTn).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      kept.push(bytes.subarray(offset, offset + 2));
      offset += 2;
      continue;
    }
    if (marker === 0xd8 || marker === 0x00 || offset + 4 > bytes.length) return undefined;
    const length = bytes.readUInt16BE(offset + 2);
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) return undefined;
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) {
      const data = bytes.subarray(offset + 4, end);
      const named = (name: string) => data.toString('latin1', 0, name.length) === name;
      if (marker === 0xe1 && named(EXIF_HEADER)) {
        // Readers take the orientation from the first EXIF block only.
        const tiff = exifSeen ? undefined : orientationOnly(bytes, offset + 10, end);
        exifSeen = true;
        if (tiff) kept.push(jpegSegment(0xe1, Buffer.concat([Buffer.from(EXIF_HEADER, 'latin1'), tiff])));
      } else if (marker === 0xe0 && named('JFIF\0') && data.length >= 14) {
        // Version, units and pixel density; its thumbnail (a picture of the photo before it was cropped) is not kept.
        kept.push(jpegSegment(0xe0, Buffer.concat([data.subarray(0, 12), Buffer.from([0, 0])])));
      } else if ((marker === 0xe2 && named('ICC_PROFILE\0')) || (marker === 0xee && named('Adobe'))) {
        // The colour profile, and Adobe's APP14, which says whether 4-channel data is CMYK or YCCK.
        kept.push(bytes.subarray(offset, end));
      }
      // Every other APPn (XMP, extended XMP, Photoshop's APP13, MPF, JFXX, FlashPix…) and comments go.
    } else kept.push(bytes.subarray(offset, end));
    offset = end;
    if (marker === 0xda) {
      // Entropy-coded data, copied as sent: FF is stuffed as FF 00 and restart markers sit inside it, so the next
      // other marker (more tables and scans of a progressive JPEG, or the end) is where it stops.
      const scanEnd = entropyEnd(bytes, offset);
      if (scanEnd === undefined) return undefined;
      kept.push(bytes.subarray(offset, scanEnd));
      offset = scanEnd;
    }
  }
  return undefined;
}

function entropyEnd(bytes: Buffer, from: number): number | undefined {
  for (let at = bytes.indexOf(0xff, from); at >= 0 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1]!;
    if (next !== 0x00 && next !== 0xff && (next < 0xd0 || next > 0xd7)) return at;
  }
  return undefined;
}

function jpegSegment(marker: number, data: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

// ---- PNG ------------------------------------------------------------------------------------------------------------

// The chunks that make the picture or its colours (PNG 3rd edition, APNG); text (tEXt, zTXt, iTXt, where ImageMagick
// and Photoshop put EXIF and XMP), tIME (a date), C2PA's caBX and private chunks go.
const PNG_KEPT = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'mDCV', 'mDCv', 'cLLI', 'cLLi',
  'bKGD', 'hIST', 'pHYs', 'acTL', 'fcTL', 'fdAT',
]);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngKept(bytes: Buffer): Buffer | undefined {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  const kept: Buffer[] = [PNG_SIGNATURE];
  let exifSeen = false;
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (end > bytes.length) return undefined;
    if (type === 'eXIf') {
      const data = offset + 8;
      // Some writers start it with JPEG's 'Exif\0\0'.
      const tiff = data + (bytes.toString('latin1', data, data + 6) === EXIF_HEADER ? 6 : 0);
      const orientation = exifSeen ? undefined : orientationOnly(bytes, tiff, end - 4);
      exifSeen = true;
      if (orientation) kept.push(pngChunk('eXIf', orientation));
    } else if (PNG_KEPT.has(type)) kept.push(bytes.subarray(offset, end));
    // Bytes after IEND are not the image's.
    if (type === 'IEND') return Buffer.concat(kept);
    offset = end;
  }
  return undefined;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

// ---- GIF ------------------------------------------------------------------------------------------------------------

const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
const APPLICATION = 0xff;
// The application extensions that say how often an animation loops, and the colour profile's (as in other formats);
// the others (Photoshop's XMP, ImageMagick's IPTC…) go, with comments.
const KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);

function gifKept(bytes: Buffer): Buffer | undefined {
  const kept: Buffer[] = [];
  for (const block of gifBlocks(bytes)) {
    const data = bytes.subarray(block.start, block.end);
    if (block.kind === 'trailer') return Buffer.concat([...kept, data]);
    if (block.kind !== 'extension') kept.push(data);
    else if (block.label === GRAPHIC_CONTROL || block.label === PLAIN_TEXT) kept.push(data);
    else if (block.label === APPLICATION && data[2] === 11 && KEPT_APPLICATIONS.has(data.toString('latin1', 3, 14))) kept.push(data);
  }
  // The walk stopped before the trailer.
  return undefined;
}

// ---- WebP -----------------------------------------------------------------------------------------------------------

// The chunks of the picture, its animation and its colour profile; XMP and unknown chunks go.
const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
// VP8X flags: EXIF and XMP present.
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webpKept(bytes: Buffer): Buffer | undefined {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  // Bytes past the RIFF size are not the image's.
  const riffEnd = 8 + bytes.readUInt32LE(4);
  if (riffEnd > bytes.length) return undefined;
  const kept: Buffer[] = [];
  let extended: Buffer | undefined;
  let exifKept = false;
  let exifSeen = false;
  let offset = 12;
  while (offset < riffEnd) {
    if (offset + 8 > riffEnd) return undefined;
    const type = bytes.toString('latin1', offset, offset + 4);
    const length = bytes.readUInt32LE(offset + 4);
    const end = offset + 8 + length;
    if (end > riffEnd) return undefined;
    if (type === 'EXIF') {
      const data = offset + 8;
      const tiff = data + (bytes.toString('latin1', data, data + 6) === EXIF_HEADER ? 6 : 0);
      const orientation = exifSeen ? undefined : orientationOnly(bytes, tiff, end);
      exifSeen = true;
      if (orientation) {
        kept.push(webpChunk('EXIF', orientation));
        exifKept = true;
      }
    } else if (type === 'VP8X' && length >= 10) {
      // A copy: its flags change below.
      extended = webpChunk(type, bytes.subarray(offset + 8, end));
      kept.push(extended);
    } else if (WEBP_KEPT.has(type)) kept.push(webpChunk(type, bytes.subarray(offset + 8, end)));
    // Chunks are padded to an even length; a last chunk may lack its padding byte.
    offset = end + (length % 2);
  }
  // The flags say which metadata chunks follow: readers may look for one that is gone.
  if (extended) extended[8] = (extended[8]! & ~(VP8X_EXIF | VP8X_XMP)) | (exifKept ? VP8X_EXIF : 0);
  const body = Buffer.concat(kept);
  const head = Buffer.alloc(12);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(4 + body.length, 4);
  head.write('WEBP', 8, 'latin1');
  return Buffer.concat([head, body]);
}

function webpChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(8 + data.length + (data.length % 2));
  chunk.write(type, 0, 'latin1');
  chunk.writeUInt32LE(data.length, 4);
  data.copy(chunk, 8);
  return chunk;
}
