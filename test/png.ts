// PNG helpers for the scripts that write the committed pictures (test/screenshots*.ts).
import { constants, crc32, deflateSync, inflateSync } from 'node:zlib';

/**
 * The same pixels in fewer bytes (the PNGs are committed): Chromium filters each row and deflates
 * quickly; flat UI pictures compress better unfiltered at deflate's best level (about a fifth smaller).
 * Handles what Chromium writes (8-bit RGB or RGBA, not interlaced); anything else is kept as it is.
 */
export function recompressPng(png: Buffer): Buffer {
  const chunks: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    chunks.push({
      type: png.toString('latin1', offset + 4, offset + 8),
      data: png.subarray(offset + 8, offset + 8 + length),
    });
    offset += 12 + length;
  }
  const header = chunks.find((chunk) => chunk.type === 'IHDR')?.data;
  if (!header) return png;
  const width = header.readUInt32BE(0);
  const height = header.readUInt32BE(4);
  const [bitDepth, colorType, , , interlace] = header.subarray(8);
  if (bitDepth !== 8 || (colorType !== 2 && colorType !== 6) || interlace !== 0) return png;
  const bpp = colorType === 2 ? 3 : 4;
  const stride = width * bpp;
  const filtered = inflateSync(
    Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)),
  );
  // Undo each row's filter in place; every row then gets filter 0 ("none").
  const rows = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    const line = y * (stride + 1) + 1;
    const previous = line - (stride + 1);
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? rows[line + x - bpp]! : 0;
      const up = y > 0 ? rows[previous + x]! : 0;
      const upLeft = y > 0 && x >= bpp ? rows[previous + x - bpp]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = left;
      else if (filter === 2) predictor = up;
      else if (filter === 3) predictor = (left + up) >> 1;
      else if (filter === 4) {
        const estimate = left + up - upLeft;
        const [toLeft, toUp, toUpLeft] = [
          Math.abs(estimate - left),
          Math.abs(estimate - up),
          Math.abs(estimate - upLeft),
        ];
        predictor = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
      }
      rows[line + x] = (filtered[line + x]! + predictor) & 0xff;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(typeAndData.length + 8);
    framed.writeUInt32BE(data.length, 0);
    typeAndData.copy(framed, 4);
    framed.writeUInt32BE(crc32(typeAndData), typeAndData.length + 4);
    return framed;
  };
  const smaller = Buffer.concat([
    png.subarray(0, 8),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: constants.Z_BEST_COMPRESSION, memLevel: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return smaller.length < png.length ? smaller : png;
}
