import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { JAR_IMAGE_SIZE, renderJarImage } from './jar-image';

describe('renderJarImage', () => {
  it('draws a 640×640 WebP of about 20–40 KB', async () => {
    const image = await renderJarImage({ fruit: '#e8a317', accent: '#f6d365', cloth: '#c0392b' }, 7);
    const metadata = await sharp(image).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([JAR_IMAGE_SIZE, JAR_IMAGE_SIZE]);
    expect(image.length).toBeGreaterThan(12_000);
    expect(image.length).toBeLessThan(45_000);
  });

  it('shows the pickle in its own colour', async () => {
    const mango = await renderJarImage({ fruit: '#e8a317', accent: '#e8a317', cloth: '#c0392b' }, 7);
    const chilli = await renderJarImage({ fruit: '#c0261b', accent: '#c0261b', cloth: '#c0392b' }, 7);
    // The middle of the jar, between the pieces' label and the lid.
    const centre = async (image: Buffer) => {
      const { data, info } = await sharp(image)
        .extract({ left: 300, top: 330, width: 40, height: 30 })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const sums = [0, 0, 0];
      for (let index = 0; index < data.length; index += 1) sums[index % info.channels] += data[index];
      return sums.map((sum) => sum / (info.width * info.height));
    };
    const [mangoRed, mangoGreen] = await centre(mango);
    const [chilliRed, chilliGreen] = await centre(chilli);
    expect(mangoGreen).toBeGreaterThan(chilliGreen + 40);
    expect(Math.abs(mangoRed - chilliRed)).toBeLessThan(60);
  });
});
