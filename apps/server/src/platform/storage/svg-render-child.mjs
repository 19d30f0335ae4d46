// Rasterises one SVG to PNG, in a process of its own (platform/storage/svg-raster.ts), so a hostile SVG's filters burn this
// process's CPU, never the server's thread pool (where password hashing runs), and can be killed on a deadline.
// argv: maxDimension, pixel limit. stdin: the SVG. stdout: the PNG. Exit 3: too many pixels; 2: does not render.
import sharp from 'sharp';

sharp.concurrency(1);
sharp.cache(false);
const [maxDimension, pixelLimit] = process.argv.slice(2).map(Number);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
// The render budget starts now: starting Node and loading sharp is not the SVG's cost (and is slow on a busy host).
process.stderr.write('ready\n');
try {
  const data = await sharp(Buffer.concat(chunks), { limitInputPixels: pixelLimit, failOn: 'error' })
    .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
    .png()
    .toBuffer();
  process.stdout.end(data, () => process.exit(0));
} catch (error) {
  process.exit(/pixel limit/i.test(String(error?.message)) ? 3 : 2);
}
