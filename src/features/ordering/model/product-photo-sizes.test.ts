import { describe, expect, it } from 'vitest';
import {
  isProductPhoto,
  productPhotoSizePath,
  productPhotoSizePaths,
  productPhotoSrcset,
} from './product-photo-sizes';

const path = 'product-images/abc-123.jpg';
const url =
  'http://127.0.0.1:9199/v0/b/demo-achar-shop.appspot.com/o/product-images%2Fabc-123.jpg?alt=media&token=t0k';

describe('product photo sizes', () => {
  it('names each size after the photo, in resized/, as WebP', () => {
    expect(productPhotoSizePath(path, 640)).toBe('product-images/resized/abc-123_640w.webp');
    expect(productPhotoSizePaths('product-images/x.webp')).toEqual([
      'product-images/resized/x_320w.webp',
      'product-images/resized/x_640w.webp',
      'product-images/resized/x_960w.webp',
    ]);
  });

  it('tells an uploaded photo from its sizes and from other objects', () => {
    expect(isProductPhoto(path)).toBe(true);
    expect(isProductPhoto('product-images/resized/abc-123_640w.webp')).toBe(false);
    expect(isProductPhoto('product-images/')).toBe(false);
    expect(isProductPhoto('avatars/abc.jpg')).toBe(false);
  });

  it('offers the three sizes, without the photo’s token, once they were made for this photo', () => {
    expect(productPhotoSrcset({ image_url: url, image_path: path, image_sized_path: path })).toBe(
      [320, 640, 960]
        .map(
          (w) =>
            `http://127.0.0.1:9199/v0/b/demo-achar-shop.appspot.com/o/product-images%2Fresized%2Fabc-123_${w}w.webp?alt=media ${w}w`,
        )
        .join(', '),
    );
  });

  it('offers none until the sizes exist, or while they were made for a replaced photo', () => {
    expect(productPhotoSrcset({ image_url: url, image_path: path })).toBeNull();
    expect(productPhotoSrcset({ image_url: url, image_path: path, image_sized_path: null })).toBeNull();
    expect(
      productPhotoSrcset({ image_url: url, image_path: path, image_sized_path: 'product-images/old.jpg' }),
    ).toBeNull();
  });

  it('offers none for a URL that does not name the photo, or a product without one', () => {
    expect(
      productPhotoSrcset({
        image_url: 'https://cdn.example/x.jpg',
        image_path: path,
        image_sized_path: path,
      }),
    ).toBeNull();
    expect(productPhotoSrcset({ image_url: null, image_path: null, image_sized_path: null })).toBeNull();
  });
});
