// Uploads are judged by their bytes, stored in the database, and served with caching and safe names; documents
// (CVs) only to signed-in users or through a short-lived signed link.
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { cleanFilename } from '../../server/upload-files';
import { TOO_MANY_FIELDS } from '../../server/routes/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import { DOC, DOCX, ELF, EXE, GIF, JPEG, LATITUDE_BYTES, MSI, PDF, PNG, WEBP, XMP_WITH_LOCATION, gifClaiming, jpegTurned, jpegWithLocation, pngClaiming, pngCrcsHold, pngWithLocation, webpClaiming } from '../helpers/files';
import { apiClient, AUTH_REQUIRED, csrf, multipart, setupApp, signIn, type TestApp } from './helpers';
import { migrate, migratorFor } from '../../server/db';
import { BACKFILL_BATCH } from '../../server/db/migrations/0016-upload-dimensions';
import { METADATA_BATCH } from '../../server/db/migrations/0017-image-metadata';
import { createTestDb } from '../helpers/db';
import { imageDimensions, shownDimensions } from '../../server/image-dimensions';
import { withoutLocation } from '../../server/image-location';

let t: TestApp;
let token: string;
/** The server's log, request lines included (level info), as written. */
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await setupApp({}, { logger: { level: 'info', stream } });
  token = await signIn(t.app);
});
afterAll(async () => {
  await t.close();
});

async function upload(bytes: Buffer, name: string, type: string, options: { field?: string; auth?: boolean } = {}) {
  const { payload, contentType } = await multipart({}, { [options.field ?? 'file']: new File([new Uint8Array(bytes)], name, { type }) });
  const pair = csrf();
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    payload,
    cookies: pair.cookies,
    headers: {
      ...pair.headers,
      'content-type': contentType,
      ...(options.auth !== false && { authorization: `Bearer ${token}` }),
    },
  });
}

const ID = /^[0-9a-f]{32}$/;

describe('other fields beside the file', () => {
  // Ten are ignored; the eleventh was "malformed" or "no other fields" depending on the file's place (an outside probe).
  const withFields = async (count: number, fileFirst: boolean) => {
    const fields = Object.fromEntries(Array.from({ length: count }, (_, index) => [`f${index + 1}`, 'v']));
    const file = { file: new File([new Uint8Array(PNG)], 'logo.png', { type: 'image/png' }) };
    const { payload, contentType } = fileFirst ? await multipart({ ...file, ...fields }) : await multipart(fields, file);
    const pair = csrf();
    return t.app.inject({ method: 'POST', url: '/api/uploads', payload, cookies: pair.cookies, headers: { ...pair.headers, 'content-type': contentType, authorization: `Bearer ${token}` } });
  };

  it('are ignored up to ten, and past them refused with one message, before or after the file', async () => {
    expect((await withFields(10, false)).statusCode).toBe(201);
    for (const fileFirst of [false, true]) {
      for (const count of [11, 300]) {
        const refused = await withFields(count, fileFirst);
        expect(refused.statusCode, `${count} ${fileFirst}`).toBe(400);
        expect(refused.json(), `${count} ${fileFirst}`).toEqual({ message: TOO_MANY_FIELDS });
      }
    }
  });
});

describe('where a photo was taken', () => {
  // A site photo from a phone carried its latitude and longitude into the public file, cached for a year; a second
  // probe found them in eight more layouts, and every camera's serial number and owner name. Only the picture, its
  // colour profile and its orientation are stored (server/image-location.ts).
  const served = async (id: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };
  /** A JPEG marker segment. */
  const segment = (marker: number, body: string) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, Buffer.from(body, 'latin1')]);
  };
  const pngChunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const chunk = Buffer.alloc(body.length + 8);
    chunk.writeUInt32BE(data.length, 0);
    body.copy(chunk, 4);
    chunk.writeUInt32BE(crc32(body), body.length + 4);
    return chunk;
  };
  const pngChunkTypes = (png: Buffer) => {
    const types: string[] = [];
    for (let offset = 8; offset + 12 <= png.length; offset += 12 + png.readUInt32BE(offset)) types.push(png.toString('latin1', offset + 4, offset + 8));
    return types;
  };
  // The EXIF block of jpegWithLocation (after SOI, the segment's head and 'Exif\0\0'): make, orientation, GPS.
  const cameraTiff = (orientation: number) => jpegWithLocation(1, 1, orientation).subarray(12, 212);
  const NOT_KEPT = ['ProbeCam', 'SN-PROBE', 'ns.adobe.com', 'GPSLatitude'];
  const expectNothingKept = (stored: Buffer) => {
    expect(stored.includes(LATITUDE_BYTES)).toBe(false);
    for (const text of NOT_KEPT) expect(stored.toString('latin1'), text).not.toContain(text);
  };

  // Changed on purpose: the make and the length used to stay (the GPS directory was blanked in place).
  it('is not kept in a JPEG: its EXIF block is rebuilt with only its orientation, XMP and the make go', async () => {
    const photo = jpegWithLocation(4032, 3024, 6);
    expect(photo.includes(LATITUDE_BYTES)).toBe(true);
    const response = await upload(photo, 'site.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const stored = await served(response.json<{ id: string }>().id);
    // Still shown upright: orientation 6 turns it a quarter.
    expect(response.json()).toMatchObject({ mime: 'image/jpeg', size: stored.length, width: 3024, height: 4032 });
    expect(stored).toEqual(jpegTurned(4032, 3024, 6));
    expectNothingKept(stored);
    // Only metadata changed: every byte from the image's own header on is the one sent.
    const frame = photo.indexOf(Buffer.from([0xff, 0xc2]));
    expect(stored.subarray(stored.indexOf(Buffer.from([0xff, 0xc2])))).toEqual(photo.subarray(frame));
  });

  it('is not kept in a JPEG\'s Photoshop block, its comments or a second image after its end', async () => {
    // Photoshop's image resources: resource 0x0424 (XMP), no name, its length, the packet.
    const photoshop = `Photoshop 3.0\x008BIM\x04\x24\0\0\0\0\0${String.fromCharCode(XMP_WITH_LOCATION.length)}${XMP_WITH_LOCATION}`;
    const second = jpegWithLocation(4032, 3024, 1);
    const photo = jpegWithLocation(4032, 3024, 6);
    const withMore = Buffer.concat([photo.subarray(0, 2), segment(0xed, photoshop), segment(0xfe, 'SN-PROBE-4711'), photo.subarray(2), second]);
    const response = await upload(withMore, 'site.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 3024, height: 4032 });
    const stored = await served(response.json<{ id: string }>().id);
    expect(stored).toEqual(jpegTurned(4032, 3024, 6));
  });

  // Changed on purpose: the make used to stay.
  it('is not kept in a PNG: eXIf (with or without Exif\\0\\0) keeps only its orientation, text chunks go', async () => {
    const png = pngWithLocation(800, 600);
    const afterHeader = 8 + 12 + 13;
    const prefixed = pngChunk('eXIf', Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), cameraTiff(1)]));
    // EXIF as ImageMagick writes it into a PNG's text, in hex, under this keyword.
    const rawProfile = `\nexif\n     ${6 + 200}\n${Buffer.concat([Buffer.from('Exif\0\0'), cameraTiff(1)]).toString('hex')}\n`;
    const texts = [
      pngChunk('tEXt', Buffer.from(`XML:com.adobe.xmp\0${XMP_WITH_LOCATION}`, 'latin1')),
      pngChunk('tEXt', Buffer.from(`Raw profile type exif\0${rawProfile}`, 'latin1')),
      // Keyword, compression method 0, the text deflated.
      pngChunk('zTXt', Buffer.concat([Buffer.from('Raw profile type exif\0\0', 'latin1'), deflateSync(rawProfile)])),
    ];
    for (const bytes of [png, Buffer.concat([png.subarray(0, afterHeader), prefixed, ...texts, png.subarray(afterHeader + 12 + 200)])]) {
      const response = await upload(bytes, 'plan.png', 'image/png');
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ width: 800, height: 600 });
      const stored = await served(response.json<{ id: string }>().id);
      expectNothingKept(stored);
      expect(stored.toString('latin1')).not.toContain('Raw profile');
      expect(pngCrcsHold(stored)).toBe(true);
      expect(pngChunkTypes(stored)).toEqual(['IHDR', 'eXIf', 'IDAT', 'IEND']);
    }
  });

  it('is not kept in a GIF\'s XMP block or comments', async () => {
    const gif = gifClaiming(320, 200);
    // After the logical screen (no colour table): Photoshop's XMP (the packet, then its 258-byte "magic trailer" that
    // makes it read as sub-blocks), then a comment.
    const magic = Buffer.from([1, ...Array.from({ length: 256 }, (_, index) => 255 - index), 0]);
    const xmp = Buffer.concat([Buffer.from('\x21\xff\x0bXMP DataXMP', 'latin1'), Buffer.from(XMP_WITH_LOCATION, 'latin1'), magic]);
    const comment = Buffer.from('\x21\xfe\x0dSN-PROBE-4711\0', 'latin1');
    const response = await upload(Buffer.concat([gif.subarray(0, 13), xmp, comment, gif.subarray(13)]), 'map.gif', 'image/gif');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 320, height: 200 });
    expect(await served(response.json<{ id: string }>().id)).toEqual(gif);
  });

  it('is not kept in a WebP: EXIF keeps only its orientation, XMP goes, and the flags and the RIFF size say so', async () => {
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.write(type, 0, 'latin1');
      head.writeUInt32LE(data.length, 4);
      return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
    };
    const canvas = webpClaiming(1200, 628);
    // VP8X flags: EXIF (08) and XMP (04).
    canvas[20] = 0x0c;
    const webp = Buffer.concat([canvas, chunk('EXIF', Buffer.concat([Buffer.from('Exif\0\0'), cameraTiff(6)])), chunk('XMP ', Buffer.from(XMP_WITH_LOCATION))]);
    webp.writeUInt32LE(webp.length - 8, 4);
    const response = await upload(webp, 'photo.webp', 'image/webp');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ width: 1200, height: 628 });
    const stored = await served(response.json<{ id: string }>().id);
    expectNothingKept(stored);
    // The canvas, flagged EXIF alone, then an EXIF chunk of 26 bytes: the orientation (as jpegTurned writes it).
    const expected = Buffer.concat([canvas, chunk('EXIF', jpegTurned(1, 1, 6).subarray(12, 38))]);
    expected[20] = 0x08;
    expected.writeUInt32LE(expected.length - 8, 4);
    expect(stored).toEqual(expected);
  });

  it('refuses an image whose blocks cannot be walked to its end, storing nothing', async () => {
    const before = await t.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const png = pngClaiming(800, 600);
    const afterHeader = 8 + 12 + 13;
    // A chunk claiming 1 MB, so its metadata could not be looked at; the file still ends with IEND.
    const broken = Buffer.concat([png.subarray(0, afterHeader), Buffer.from([0, 0x10, 0, 0, 0x74, 0x45, 0x58, 0x74]), png.subarray(afterHeader)]);
    const response = await upload(broken, 'plan.png', 'image/png');
    const message = 'The image is damaged: its structure cannot be read.';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { file: message } });
    expect(await t.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('a GIF\'s size', () => {
  // A 35-byte GIF with a 1 × 1 screen held a 20000 × 20000 frame, which browsers draw at its size (an outside probe).
  const withFrame = (left: number, top: number, width: number, height: number) => {
    const frame = Buffer.from([0x2c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
    [left, top, width, height].forEach((value, index) => frame.writeUInt16LE(value, 1 + index * 2));
    const gif = gifClaiming(1, 1);
    return Buffer.concat([gif.subarray(0, -1), frame, gif.subarray(-1)]);
  };

  it('is its screen grown to the largest frame, and is refused above the pixel limit as any image is', async () => {
    const huge = await upload(withFrame(0, 0, 20_000, 20_000), 'dot.gif', 'image/gif');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The image is too large: 20000 × 20000 pixels; images can have at most 40 megapixels.');
    const placed = await upload(withFrame(10, 20, 640, 480), 'dot.gif', 'image/gif');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ width: 650, height: 500 });
  });
});

describe('accepted uploads', () => {
  it.each([
    ['a PNG', PNG, 'logo.png', 'image/png', 'image/png', 'logo.png', 1],
    ['a JPEG', JPEG, 'site photo.jpeg', 'image/jpeg', 'image/jpeg', 'site photo.jpeg', 1],
    ['a PDF', PDF, 'cv.pdf', 'application/pdf', 'application/pdf', 'cv.pdf', null],
    ['a DOCX', DOCX, 'cv.docx', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'cv.docx', null],
    ['a Word 97 DOC', DOC, 'old cv.doc', 'application/msword', 'application/msword', 'old cv.doc', null],
  ])('stores %s and answers what the console keeps, with an image\'s size in pixels', async (_label, bytes, name, declared, mime, title, pixels) => {
    const response = await upload(bytes, name, declared);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.stringMatching(ID), src: `/api/uploads/${body.id}`, title, mime, size: bytes.length, width: pixels, height: pixels });
  });

  // The website sets them on its <img> (docs/website-api.md); a phone photo held upright is stored on its side, with an
  // EXIF orientation that browsers follow: 5 to 8 turn it a quarter.
  it.each([
    ['a PNG', pngClaiming(1920, 1080), 'image/png', 1920, 1080],
    ['a GIF', gifClaiming(320, 200), 'image/gif', 320, 200],
    ['a WebP', webpClaiming(1200, 628), 'image/webp', 1200, 628],
    ['a JPEG', jpegTurned(4032, 3024, 1), 'image/jpeg', 4032, 3024],
    ['a JPEG turned a quarter (orientation 6)', jpegTurned(4032, 3024, 6), 'image/jpeg', 3024, 4032],
    ['a JPEG turned a quarter the other way (8)', jpegTurned(4032, 3024, 8), 'image/jpeg', 3024, 4032],
    ['a JPEG mirrored and turned (5)', jpegTurned(4032, 3024, 5), 'image/jpeg', 3024, 4032],
    ['a JPEG upside down (3)', jpegTurned(4032, 3024, 3), 'image/jpeg', 4032, 3024],
  ])('answers the size %s is shown at', async (_label, bytes, type, width, height) => {
    const response = await upload(bytes, 'photo', type);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mime: type, width, height });
  });

  it('believes the bytes, not the declared type: PNG bytes sent as a PDF are a PNG', async () => {
    const response = await upload(PNG, 'report.pdf', 'application/pdf');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ mime: 'image/png', title: 'report.png' });
  });

  it('cleans the file name: no path, no control characters, at most 200 characters', async () => {
    const response = await upload(PNG, `..\\..\\etc/${'a'.repeat(300)}\u0007.png`, 'image/png');
    const { title } = response.json();
    expect(title).toMatch(/^a+\.png$/);
    expect(title.length).toBe(200);
  });
});

describe('file names', () => {
  const png = { kind: 'image', mime: 'image/png', extensions: ['png'] } as const;
  it('drop half of an emoji, sent so (a name in UTF-16, cut) or left by the cut at 200 characters', () => {
    expect(cleanFilename('\ud800瀮杮.png', png)).toBe('瀮杮.png');
    expect(cleanFilename('plan \udfff.png', png)).toBe('plan.png');
    // 195 letters and a building crane: the cut at 196 falls between the two halves of the emoji.
    expect(cleanFilename(`${'a'.repeat(195)}🏗.png`, png)).toBe(`${'a'.repeat(195)}.png`);
    expect(cleanFilename('Façade 🏗.png', png)).toBe('Façade 🏗.png');
  });

  it('drop every control character, C1 included, and bidi controls: the rule of one-line text (schema/define.ts)', () => {
    expect(cleanFilename('plan\u0085 \u009bv2\u0000.png', png)).toBe('plan v2.png');
    // 'cv\u202Efdp.png' would show as 'cvgnp.pdf'.
    expect(cleanFilename('cv\u202efdp.png', png)).toBe('cvfdp.png');
    expect(cleanFilename('\u2067plan\u2069.png', png)).toBe('plan.png');
  });
});

describe('refused uploads', () => {
  it.each([
    ['a Linux executable named photo.png', ELF],
    ['a Windows executable named photo.png', EXE],
    ['plain text named photo.png', Buffer.from('just some text, not an image')],
    ['an installer (OLE, like .doc, but no Word stream)', MSI],
  ])('refuses %s with 415', async (_label, bytes) => {
    const response = await upload(bytes, 'photo.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'This kind of file is not accepted. Upload an image (JPEG, PNG, WebP or GIF) or a document (PDF, DOC or DOCX).',
    });
  });

  it('refuses an image over 5 MB with 413', async () => {
    const response = await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is too large: images can be at most 5 MB.' });
  });

  it('refuses any file over 10 MB with 413, without reading it all', async () => {
    const response = await upload(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf', 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is too large: documents can be at most 10 MB, images 5 MB.' });
  });

  it('refuses an empty file', async () => {
    const response = await upload(Buffer.alloc(0), 'empty.png', 'image/png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file is empty.', errors: { file: 'The file is empty' } });
  });

  it('wants the file in the field "file"', async () => {
    const response = await upload(PNG, 'logo.png', 'image/png', { field: 'image' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file must be sent in a field named "file", not "image".' });
  });

  it('wants multipart/form-data', async () => {
    const response = await apiClient(t.app, token).post('/api/uploads', { src: 'x' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the file as multipart/form-data, in a field named "file".' });
  });

  it('requires a signed-in user', async () => {
    const response = await upload(PNG, 'logo.png', 'image/png', { auth: false });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
  });
});

describe('files cut short are refused as damaged (docs/api.md#uploads)', () => {
  const IMAGE_CUT = 'The image is damaged: the file is cut short.';
  const DOCUMENT_CUT = 'The document is damaged: the file is cut short.';
  const uploadCount = async () => Number((await t.db.selectFrom('uploads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  // A camera's EXIF thumbnail is a whole JPEG, EOI included, inside an APP1 segment before the photo's own scan.
  const thumbnail = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 2 + 6 + thumbnail.length]), Buffer.from('Exif\0\0', 'latin1'), thumbnail]);
  const withThumbnail = (jpeg: Buffer) => Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);

  it.each([
    ['a PNG cut after 30 bytes (its header whole)', PNG.subarray(0, 30), 'cut.png', 'image/png', IMAGE_CUT],
    ['a PNG without its IEND chunk', PNG.subarray(0, -12), 'cut.png', 'image/png', IMAGE_CUT],
    ['a JPEG without its end-of-image marker', JPEG.subarray(0, -2), 'cut.jpg', 'image/jpeg', IMAGE_CUT],
    ['a JPEG cut in its scan, its EXIF thumbnail whole', withThumbnail(JPEG.subarray(0, -3)), 'cut.jpg', 'image/jpeg', IMAGE_CUT],
    ['a GIF without its trailer', GIF.subarray(0, -1), 'cut.gif', 'image/gif', IMAGE_CUT],
    ['a GIF cut in its image data', GIF.subarray(0, 30), 'cut.gif', 'image/gif', IMAGE_CUT],
    ['a WebP shorter than its RIFF size', WEBP.subarray(0, 30), 'cut.webp', 'image/webp', IMAGE_CUT],
    ['a PDF cut before %%EOF', PDF.subarray(0, PDF.indexOf('%%EOF')), 'cut.pdf', 'application/pdf', DOCUMENT_CUT],
  ])('refuses %s with 400, storing nothing', async (_label, bytes, name, type, message) => {
    const before = await uploadCount();
    const response = await upload(bytes, name, type);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { file: message } });
    expect(await uploadCount()).toBe(before);
  });

  // Changed on purpose: an image's EXIF block without an orientation, and what follows its end of image, are not kept
  // (server/image-location.ts), so those two JPEGs are stored as the bare one; documents are stored as sent.
  it.each([
    ['a PNG', PNG, 'image/png', PNG.length],
    ['a JPEG', JPEG, 'image/jpeg', JPEG.length],
    ['a JPEG with an EXIF thumbnail', withThumbnail(JPEG), 'image/jpeg', JPEG.length],
    // What phones append after the end of image: Samsung's trailer, a motion photo's video.
    ['a JPEG with data after its end-of-image marker', Buffer.concat([JPEG, Buffer.from('....ftypmp42 a video')]), 'image/jpeg', JPEG.length],
    ['a GIF', GIF, 'image/gif', GIF.length],
    ['a WebP', WEBP, 'image/webp', WEBP.length],
    ['a PDF', PDF, 'application/pdf', PDF.length],
    ['a PDF with bytes after %%EOF', Buffer.concat([PDF, Buffer.alloc(4096, 0x20)]), 'application/pdf', PDF.length + 4096],
  ])('takes %s that is whole', async (_label, bytes, type, size) => {
    const response = await upload(bytes, 'whole', type);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ mime: type, size });
  });

  it('the careers form refuses a CV cut short on its field, and takes it whole', async () => {
    const apply = async (cv: Buffer) => {
      const fields = { full_name: 'Amira Haddad', email: 'amira@example.com', phone: '+44 7700 900123', message: 'Hello' };
      const { payload, contentType } = await multipart(fields, { cv: new File([new Uint8Array(cv)], 'cv.pdf', { type: 'application/pdf' }) });
      return t.app.inject({ method: 'POST', url: '/api/public/careers-form', payload, headers: { 'content-type': contentType } });
    };
    const before = await uploadCount();
    const cut = await apply(PDF.subarray(0, 100));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ message: 'Please check the form for errors', errors: { cv: `CV: ${DOCUMENT_CUT}` } });
    expect(await uploadCount()).toBe(before);
    expect((await apply(PDF)).statusCode).toBe(201);
  });
});

describe('serving', () => {
  let image: { id: string; src: string };
  let document: { id: string; src: string };
  beforeAll(async () => {
    image = (await upload(PNG, 'Logo Café "draft".png', 'image/png')).json();
    document = (await upload(PDF, 'CV — Zoë.pdf', 'application/pdf')).json();
  });

  it('serves images to anyone, cached for good, with a safe inline name', async () => {
    const response = await t.app.inject({ url: image.src });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/png',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: expect.stringMatching(/^"[0-9a-f]{64}"$/),
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      'content-disposition': `inline; filename="Logo Cafe draft.png"; filename*=UTF-8''Logo%20Caf%C3%A9%20draft.png`,
    });
  });

  it('answers 304 when the browser already has the image', async () => {
    const first = await t.app.inject({ url: image.src });
    const again = await t.app.inject({ url: image.src, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // As RFC 9110 reads If-None-Match, and as the website's API answers it: in a list, weak, or `*`.
    const etag = String(first.headers.etag);
    for (const asked of [`"other", ${etag}`, `W/${etag}`, '*']) {
      expect((await t.app.inject({ url: image.src, headers: { 'if-none-match': asked } })).statusCode, asked).toBe(304);
    }
    expect((await t.app.inject({ url: image.src, headers: { 'if-none-match': '"other"' } })).statusCode).toBe(200);
  });

  it('refuses documents without a token, in an answer no cache keeps', async () => {
    const response = await t.app.inject({ url: document.src });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(AUTH_REQUIRED);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('serves documents to a signed-in user as an attachment, not cached', async () => {
    const response = await apiClient(t.app, token).get(document.src);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition': `attachment; filename="CV _ Zoe.pdf"; filename*=UTF-8''CV%20%E2%80%94%20Zo%C3%AB.pdf`,
    });
  });

  it('serves documents through a signed link for 5 minutes', async () => {
    const link = await apiClient(t.app, token).post(`${document.src}/link`);
    expect(link.statusCode).toBe(200);
    const { url, expires_at } = link.json();
    expect(url).toMatch(new RegExp(`^/api/uploads/${document.id}\\?sig=[\\w-]+&exp=\\d+$`));
    const lifetime = Date.parse(expires_at) - Date.now();
    expect(lifetime).toBeGreaterThan(290_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);

    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('keeps signatures out of the request log: a signed link is a credential', async () => {
    const { url } = (await apiClient(t.app, token).post(`${document.src}/link`)).json<{ url: string }>();
    const sig = new URL(url, 'http://localhost').searchParams.get('sig')!;
    const from = logLines.length;
    expect((await t.app.inject({ url })).statusCode).toBe(200);
    // Other names a client may put a secret under, in a URL the log writes too.
    expect((await t.app.inject({ url: `${document.src}?access_token=${sig}&exp=1&Token=${sig}&api%5Fkey=${sig}` })).statusCode).toBe(403);
    const logged = logLines.slice(from).join('');
    expect(logged).toContain(`"url":"${document.src}?sig=[redacted]&exp=`);
    expect(logged).toContain(`"url":"${document.src}?access_token=[redacted]&exp=1&Token=[redacted]&api%5Fkey=[redacted]"`);
    expect(logged).not.toContain(sig);
  });

  it.each([
    ['a forged signature', (url: string) => url.replace(/sig=[\w-]+/, 'sig=forged')],
    ['a changed expiry', (url: string) => url.replace(/exp=(\d+)/, (_m, exp) => `exp=${Number(exp) + 3600}`)],
    ['an expired link', () => ''],
  ])('refuses %s', async (label, change) => {
    let url: string;
    if (label === 'an expired link') {
      const { signLink } = await import('../../server/routes/uploads');
      const past = Math.floor(Date.now() / 1000) - 1;
      url = `${document.src}?sig=${signLink(t.config.secretKey, document.id, past)}&exp=${past}`;
    } else {
      url = change((await apiClient(t.app, token).post(`${document.src}/link`)).json().url);
    }
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This download link is invalid or has expired. Open the file again from the console.' });
  });

  it('answers a signature that cannot be one in the API\'s words', async () => {
    for (const query of [`sig=${'a'.repeat(101)}&exp=1`, 'sig=a&sig=b&exp=1']) {
      const response = await t.app.inject({ url: `${document.src}?${query}` });
      expect(response.statusCode, query).toBe(400);
      const message = 'sig is not part of a link this API gave: ask for a new link (POST /api/uploads/{id}/link)';
      expect(response.json()).toEqual({ message: `${message}.`, errors: { sig: message } });
    }
  });

  it('does not let a link for one file open another', async () => {
    const other = (await upload(PDF, 'other.pdf', 'application/pdf')).json();
    const { url } = (await apiClient(t.app, token).post(`${document.src}/link`)).json();
    const response = await t.app.inject({ url: url.replace(document.id, other.id) });
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for unknown ids, and links only to existing files', async () => {
    for (const url of ['/api/uploads/0123456789abcdef0123456789abcdef', '/api/uploads/not-an-id']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not Found' });
    }
    expect((await apiClient(t.app, token).post('/api/uploads/0123456789abcdef0123456789abcdef/link')).statusCode).toBe(404);
  });

  it('asks for a token to make a link', async () => {
    const response = await apiClient(t.app).post(`${document.src}/link`);
    expect(response.statusCode).toBe(401);
  });
});

// Images stored before sizes were kept are measured when the server first starts on the new version (migration 0016),
// a batch at a time; on its way down the columns go and every file stays as it was.
describe('migration 0016', () => {
  it('measures the images already stored, leaves documents and unreadable images without a size, and comes back down', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0015_search_merging_in_commits')).error).toBeUndefined();
      const stored: [id: string, bytes: Buffer, mime: string, kind: 'image' | 'document'][] = [
        ['a'.repeat(32), pngClaiming(1600, 900), 'image/png', 'image'],
        ['b'.repeat(32), jpegTurned(4000, 3000, 6), 'image/jpeg', 'image'],
        ['c'.repeat(32), PDF, 'application/pdf', 'document'],
        // Stored by hand, not through the checks: its header says nothing.
        ['d'.repeat(32), Buffer.from('not a picture'), 'image/png', 'image'],
        // More than a batch, so that the measuring goes on past the first one.
        ...Array.from({ length: BACKFILL_BATCH + 1 }, (_, n) => [`e${String(n).padStart(31, '0')}`, gifClaiming(n + 1, 7), 'image/gif', 'image'] as [string, Buffer, string, 'image']),
      ];
      for (const [id, data, mime, kind] of stored) {
        await db
          .insertInto('uploads')
          .values({ id, filename: 'file', mime, size: data.length, kind, data, sha256: 'x', created_at: new Date().toISOString(), created_by: null })
          .execute();
      }
      expect((await migrator.migrateTo('0016_upload_dimensions')).error).toBeUndefined();
      const sizes = await db.selectFrom('uploads').select(['id', 'width', 'height', 'data']).orderBy('id').execute();
      expect(sizes.slice(0, 4).map(({ width, height }) => [width, height])).toEqual([
        [1600, 900],
        [3000, 4000],
        [null, null],
        [null, null],
      ]);
      expect(sizes.slice(4).map(({ width, height }) => [width, height])).toEqual(Array.from({ length: BACKFILL_BATCH + 1 }, (_, n) => [n + 1, 7]));
      // Every file's bytes as they were.
      expect(sizes.map(({ data }) => Buffer.from(data).toString('base64'))).toEqual(stored.map(([, bytes]) => bytes.toString('base64')));
      expect((await migrator.migrateTo('0015_search_merging_in_commits')).error).toBeUndefined();
      const after = await db.selectFrom('uploads').selectAll().orderBy('id').execute();
      expect(Object.keys(after[0]!).sort()).toEqual(['created_at', 'created_by', 'data', 'filename', 'id', 'kind', 'mime', 'sha256', 'size']);
      expect(after.map(({ data }) => Buffer.from(data).toString('base64'))).toEqual(stored.map(([, bytes]) => bytes.toString('base64')));
    } finally {
      await destroy();
    }
  });
});

// Images stored before metadata was kept by allow-list still held a position, a camera's serial number, an owner's
// name; the first start on the new version rebuilds each as an upload is rebuilt (migration 0017).
describe('migration 0017', () => {
  it('drops the position and the rest from images already stored, keeps their picture, and leaves documents and unreadable images as they were', async () => {
    const { db, destroy } = await createTestDb();
    try {
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('0016_upload_dimensions')).error).toBeUndefined();
      const withLocation = jpegWithLocation(1200, 800, 6);
      const pngLocated = pngWithLocation(640, 480);
      const unreadable = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff]), LATITUDE_BYTES]);
      const stored: [id: string, bytes: Buffer, mime: string, kind: 'image' | 'document'][] = [
        ['a'.repeat(32), withLocation, 'image/jpeg', 'image'],
        ['b'.repeat(32), pngLocated, 'image/png', 'image'],
        // A document holding the same bytes is a document: not touched.
        ['c'.repeat(32), Buffer.concat([PDF, LATITUDE_BYTES]), 'application/pdf', 'document'],
        // Cannot be walked to its end: kept as it is, not thrown away.
        ['d'.repeat(32), unreadable, 'image/jpeg', 'image'],
        // Already clean: not written again.
        ['e'.repeat(32), PNG, 'image/png', 'image'],
        // More than a batch of ids, so the cleaning goes on past the first batch.
        ...Array.from({ length: METADATA_BATCH + 1 }, (_, n) => [`f${String(n).padStart(31, '0')}`, pngWithLocation(n + 1, 3), 'image/png', 'image'] as [string, Buffer, string, 'image']),
      ];
      for (const [id, data, mime, kind] of stored) {
        await db
          .insertInto('uploads')
          .values({ id, filename: 'file', mime, size: data.length, kind, data, sha256: createHash('sha256').update(data).digest('hex'), created_at: new Date().toISOString(), created_by: null })
          .execute();
      }
      expect(await migrate(db)).toEqual(['0017_image_metadata']);
      const rows = await db.selectFrom('uploads').select(['id', 'data', 'size', 'sha256', 'width', 'height']).orderBy('id').execute();
      const bytes = rows.map((row) => Buffer.from(row.data));
      // Each image as a new upload of it is stored: the same rebuilding, nothing of its location left.
      const expected = stored.map(([, data, mime, kind]) => (kind === 'image' ? (withoutLocation(data, mime) ?? data) : data));
      expect(bytes.map((data) => data.toString('base64'))).toEqual(expected.map((data) => data.toString('base64')));
      for (const index of [0, 1, 5, METADATA_BATCH + 5]) {
        expect(bytes[index]!.includes(LATITUDE_BYTES)).toBe(false);
        expect(bytes[index]!.length).toBeLessThan(stored[index]![1].length);
      }
      expect(bytes[2]!.includes(LATITUDE_BYTES)).toBe(true);
      expect(bytes[3]!.equals(unreadable)).toBe(true);
      expect(bytes[4]!.equals(PNG)).toBe(true);
      // Size and checksum follow the bytes; the picture's size and the phone's orientation are kept.
      expect(rows.map((row) => [Number(row.size), row.sha256])).toEqual(bytes.map((data) => [data.length, createHash('sha256').update(data).digest('hex')]));
      expect(imageDimensions(bytes[0]!, 'image/jpeg')).toEqual(imageDimensions(withLocation, 'image/jpeg'));
      expect(shownDimensions(bytes[0]!, 'image/jpeg')).toEqual({ width: 800, height: 1200 });
      // Down keeps them clean: what was dropped is gone.
      expect((await migrator.migrateTo('0016_upload_dimensions')).error).toBeUndefined();
      const after = await db.selectFrom('uploads').select('data').orderBy('id').execute();
      expect(after.map(({ data }) => Buffer.from(data).toString('base64'))).toEqual(expected.map((data) => data.toString('base64')));
    } finally {
      await destroy();
    }
  });
});
