// Where a photo was taken does not go public with it. A phone writes its position into the photo's EXIF block (the
// GPS directory) and often its XMP packet; an outside probe uploaded a site photo and anyone could read its latitude
// and longitude from the public file, cached for a year. Before an image is stored, its GPS directory is emptied and
// zero-filled, and every XMP packet is blanked, in place: the file keeps its length and every other byte, so nothing
// is decoded or re-encoded, and the Orientation that turns a phone photo upright stays. JPEG (APP1 Exif and XMP),
// PNG (eXIf, and iTXt XML:com.adobe.xmp, their CRCs written again) and WebP (EXIF and XMP chunks); GIF has no such
// block. The camera's make and model stay.
import { crc32 } from 'node:zlib';
import { jpegSegments } from './image-dimensions';

/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD); an unknown type counts as 1. */
const TYPE_BYTES: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const GPS_DIRECTORY_TAG = 0x8825;
const XMP_JPEG = 'http://ns.adobe.com/xap/1.0/\0';

/** A copy of the image without its position; any other file is answered as it is. */
export function withoutLocation(bytes: Buffer, mime: string): Buffer {
  if (mime === 'image/jpeg') return jpegWithoutLocation(Buffer.from(bytes));
  if (mime === 'image/png') return pngWithoutLocation(Buffer.from(bytes));
  if (mime === 'image/webp') return webpWithoutLocation(Buffer.from(bytes));
  return bytes;
}

/**
 * Empties the GPS directory of the TIFF structure at `start` (an EXIF block), within `end`: its values and entries
 * become zeros and its entry count 0, which readers take for a directory with nothing in it.
 */
function clearGps(bytes: Buffer, start: number, end: number): void {
  const order = bytes.toString('latin1', start, start + 2);
  if (order !== 'II' && order !== 'MM') return;
  const little = order === 'II';
  const u16 = (at: number) => (at >= start && at + 2 <= end ? (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at)) : undefined);
  const u32 = (at: number) => (at >= start && at + 4 <= end ? (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at)) : undefined);
  const zero = (from: number, length: number) => bytes.fill(0, Math.max(start, from), Math.min(end, from + length));
  const first = u32(start + 4);
  if (first === undefined) return;
  const entries = u16(start + first) ?? 0;
  for (let index = 0; index < entries; index++) {
    const entry = start + first + 2 + index * 12;
    if (u16(entry) !== GPS_DIRECTORY_TAG) continue;
    const gpsOffset = u32(entry + 8);
    if (gpsOffset === undefined) return;
    const gps = start + gpsOffset;
    const count = u16(gps) ?? 0;
    for (let field = 0; field < count; field++) {
      const at = gps + 2 + field * 12;
      const type = u16(at + 2);
      const values = u32(at + 4);
      if (type === undefined || values === undefined) break;
      const length = (TYPE_BYTES[type] ?? 1) * values;
      // Values longer than four bytes (a latitude's three rationals) lie elsewhere in the block.
      if (length > 4) {
        const where = u32(at + 8);
        if (where !== undefined) zero(start + where, length);
      }
    }
    // The count, the entries and the next directory's offset.
    zero(gps, 2 + count * 12 + 4);
    return;
  }
}

/** An XMP packet's bytes become spaces, which XMP readers allow as padding. */
const blank = (bytes: Buffer, from: number, to: number) => bytes.fill(0x20, from, Math.min(to, bytes.length));

function jpegWithoutLocation(bytes: Buffer): Buffer {
  for (const offset of jpegSegments(bytes)) {
    const marker = bytes[offset + 1]!;
    // The image data starts (SOS): no metadata block comes after it.
    if (marker === 0xda || marker === 0xd9) break;
    if (marker !== 0xe1) continue;
    const end = Math.min(bytes.length, offset + 2 + bytes.readUInt16BE(offset + 2));
    if (bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') clearGps(bytes, offset + 10, end);
    else if (bytes.toString('latin1', offset + 4, offset + 4 + XMP_JPEG.length) === XMP_JPEG) blank(bytes, offset + 4 + XMP_JPEG.length, end);
  }
  return bytes;
}

function pngWithoutLocation(bytes: Buffer): Buffer {
  let offset = 8;
  while (offset + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = offset + 8;
    const end = data + length;
    if (end + 4 > bytes.length || type === 'IEND') break;
    let changed = false;
    if (type === 'eXIf') {
      clearGps(bytes, data, end);
      changed = true;
    } else if (type === 'iTXt' && bytes.toString('latin1', data, data + 18) === 'XML:com.adobe.xmp\0') {
      // Keyword, NUL, compression flag and method, language tag, NUL, translated keyword, NUL, then the text.
      let text = data + 18 + 2;
      for (let nuls = 0; nuls < 2 && text < end; text++) if (bytes[text] === 0) nuls++;
      blank(bytes, text, end);
      changed = true;
    }
    if (changed) bytes.writeUInt32BE(crc32(bytes.subarray(offset + 4, end)), end);
    offset = end + 4;
  }
  return bytes;
}

function webpWithoutLocation(bytes: Buffer): Buffer {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WEBP') return bytes;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const type = bytes.toString('latin1', offset, offset + 4);
    const length = bytes.readUInt32LE(offset + 4);
    const data = offset + 8;
    const end = Math.min(bytes.length, data + length);
    if (type === 'EXIF') {
      // Some writers start the block with the JPEG's 'Exif\0\0' too.
      const tiff = bytes.toString('latin1', data, data + 6) === 'Exif\0\0' ? data + 6 : data;
      clearGps(bytes, tiff, end);
    } else if (type === 'XMP ') blank(bytes, data, end);
    offset = data + length + (length % 2);
  }
  return bytes;
}
