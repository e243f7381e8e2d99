import { describe, expect, it } from 'vitest';
import { fitWithin, PRODUCT_IMAGE_MAX_WIDTH, resizeImageForDisplay } from './image-resize';

describe('fitWithin', () => {
  it('scales a phone photo down to the display width, keeping its shape', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, PRODUCT_IMAGE_MAX_WIDTH)).toEqual({
      width: 960,
      height: 720,
    });
  });

  it('respects a height bound too', () => {
    expect(fitWithin({ width: 3000, height: 6000 }, 960, 960)).toEqual({ width: 480, height: 960 });
  });

  it('never enlarges a small image', () => {
    expect(fitWithin({ width: 640, height: 640 }, 960)).toEqual({ width: 640, height: 640 });
  });

  it('refuses sizes that are not positive', () => {
    expect(() => fitWithin({ width: 0, height: 10 }, 960)).toThrow(RangeError);
    expect(() => fitWithin({ width: 10, height: 10 }, 0)).toThrow(RangeError);
  });
});

describe('resizeImageForDisplay', () => {
  it('hands back the original file when the browser cannot decode images (no createImageBitmap)', async () => {
    const file = new File(['not really an image'], 'jar.png', { type: 'image/png' });
    expect(await resizeImageForDisplay(file)).toBe(file);
  });
});
