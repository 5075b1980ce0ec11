// An image's width and height, read from its header: never decoded to learn how big it is (issue #9: a decompression
// bomb is refused before anything decodes it), and stored with the upload for the website's <img> sizes.
export interface Dimensions {
  width: number;
  height: number;
}

/** Width and height as the header of a PNG, JPEG, GIF or WebP declares them; undefined when it cannot be read. */
export function imageDimensions(bytes: Buffer, mime: string): Dimensions | undefined {
  if (mime === 'image/png') {
    // Signature (8), IHDR length (4) and type (4), then width and height.
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (mime === 'image/gif') return gifDimensions(bytes);
  if (mime === 'image/webp') return webpDimensions(bytes);
  if (mime === 'image/jpeg') return jpegDimensions(bytes);
  return undefined;
}

// A 35-byte GIF declaring a 1 × 1 screen held a 20000 × 20000 frame, which browsers draw at its own size (an outside
// probe): the size is the screen grown to every frame's extent, so the pixel cap sees what a browser will paint.
function gifDimensions(bytes: Buffer): Dimensions | undefined {
  let size: Dimensions | undefined;
  for (const block of gifBlocks(bytes)) {
    if (block.kind === 'screen') size = { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    else if (block.kind === 'image' && size) {
      size = { width: Math.max(size.width, block.right), height: Math.max(size.height, block.bottom) };
    }
  }
  return size;
}

export type GifBlock = { start: number; end: number } & (
  | { kind: 'screen' | 'trailer' }
  | { kind: 'extension'; label: number }
  | { kind: 'image'; right: number; bottom: number }
);

/**
 * A GIF's blocks in order, each stepped over by its sub-blocks' lengths, never decoded: the header with the logical
 * screen and its colour table, then extensions and images, then the trailer. It stops early where the structure
 * breaks, so a file whose last block is not the trailer could not be read whole.
 */
export function* gifBlocks(bytes: Buffer): Generator<GifBlock> {
  const signature = bytes.toString('latin1', 0, 6);
  if ((signature !== 'GIF87a' && signature !== 'GIF89a') || bytes.length < 13) return;
  const colourTable = (flags: number) => (flags & 0x80 ? 3 << ((flags & 0x07) + 1) : 0);
  // Data sub-blocks: a length byte, that many bytes, until a length of 0; undefined when the file ends first.
  const subBlocksEnd = (at: number): number | undefined => {
    while (at < bytes.length) {
      const length = bytes[at]!;
      at += 1 + length;
      if (length === 0) return at;
    }
    return undefined;
  };
  let offset = 13 + colourTable(bytes[10]!);
  if (offset > bytes.length) return;
  yield { kind: 'screen', start: 0, end: offset };
  while (offset < bytes.length) {
    const introducer = bytes[offset]!;
    if (introducer === 0x3b) {
      yield { kind: 'trailer', start: offset, end: offset + 1 };
      return;
    }
    if (introducer === 0x21 && offset + 2 <= bytes.length) {
      const end = subBlocksEnd(offset + 2);
      if (end === undefined) return;
      yield { kind: 'extension', label: bytes[offset + 1]!, start: offset, end };
      offset = end;
    } else if (introducer === 0x2c && offset + 10 <= bytes.length) {
      const right = bytes.readUInt16LE(offset + 1) + bytes.readUInt16LE(offset + 5);
      const bottom = bytes.readUInt16LE(offset + 3) + bytes.readUInt16LE(offset + 7);
      // Descriptor (10 bytes), local colour table, LZW minimum code size, then the image data's sub-blocks.
      const end = subBlocksEnd(offset + 10 + colourTable(bytes[offset + 9]!) + 1);
      if (end === undefined) return;
      yield { kind: 'image', right, bottom, start: offset, end };
      offset = end;
    } else return;
  }
}

function webpDimensions(bytes: Buffer): Dimensions | undefined {
  if (bytes.length < 30) return undefined;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  return undefined;
}

function jpegDimensions(bytes: Buffer): Dimensions | undefined {
  for (const offset of jpegSegments(bytes)) {
    const marker = bytes[offset + 1]!;
    // Start of frame (SOF0-SOF15 but DHT, JPG and DAC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return offset + 9 < bytes.length ? { width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) } : undefined;
    }
  }
  return undefined;
}

/** Where each marker segment of a JPEG's header starts, stepping over each by its length (an EXIF thumbnail included). */
export function* jpegSegments(bytes: Buffer): Generator<number> {
  let offset = 2;
  while (offset + 3 < bytes.length) {
    if (bytes[offset] !== 0xff) return;
    const marker = bytes[offset + 1]!;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += marker === 0xff ? 1 : 2;
      continue;
    }
    yield offset;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
}


/**
 * The size an image is shown at: a JPEG whose EXIF orientation turns it a quarter (5 to 8, as a phone held upright
 * writes them) is shown with its width and height swapped, as browsers show it (CSS image-orientation: from-image).
 */
export function shownDimensions(bytes: Buffer, mime: string): Dimensions | undefined {
  const size = imageDimensions(bytes, mime);
  if (!size || mime !== 'image/jpeg') return size;
  const orientation = jpegOrientation(bytes);
  return orientation !== undefined && orientation >= 5 && orientation <= 8 ? { width: size.height, height: size.width } : size;
}

const EXIF_ORIENTATION_TAG = 0x0112;

/** The Orientation of a JPEG's first EXIF block. */
function jpegOrientation(bytes: Buffer): number | undefined {
  for (const offset of jpegSegments(bytes)) {
    const marker = bytes[offset + 1]!;
    // The image data starts (SOS): no EXIF block comes after it.
    if (marker === 0xda) return undefined;
    if (marker !== 0xe1 || bytes.toString('latin1', offset + 4, offset + 10) !== 'Exif\0\0') continue;
    return tiffOrientation(bytes, offset + 10, Math.min(bytes.length, offset + 2 + bytes.readUInt16BE(offset + 2)));
  }
  return undefined;
}

/** The Orientation in the first directory of the TIFF structure (an EXIF block) from start to end, read within it. */
export function tiffOrientation(bytes: Buffer, start: number, end: number): number | undefined {
  const order = bytes.toString('latin1', start, start + 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const little = order === 'II';
  const u16 = (at: number) => (at + 2 <= end ? (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at)) : undefined);
  const u32 = (at: number) => (at + 4 <= end ? (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at)) : undefined);
  const directory = u32(start + 4);
  if (directory === undefined) return undefined;
  const entries = u16(start + directory) ?? 0;
  for (let index = 0; index < entries; index++) {
    const entry = start + directory + 2 + index * 12;
    const tag = u16(entry);
    if (tag === undefined) return undefined;
    if (tag === EXIF_ORIENTATION_TAG) return u16(entry + 8);
  }
  return undefined;
}
