import * as yup from 'yup';
import {
  MAX_PRODUCT_PRICE,
  MIN_PRODUCT_PRICE,
  MAX_PRODUCT_STOCK,
  DEFAULT_LOW_STOCK_THRESHOLD,
  MAX_LOW_STOCK_THRESHOLD,
  toPoisha,
  unsafeCharacterProblem,
  type ProductFields,
  type TextShape,
} from '@/features/ordering/model';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { adminProductsTexts } from '../texts';
import type { Product } from './admin-product';
import { productImageProblem } from './product-image';

const t = adminProductsTexts.validation;

/** The product dialog's fields as Formik holds them: number inputs are '' while empty. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: number | '';
  original_price: number | '';
  category: string;
  stock_quantity: number | '';
  low_stock_threshold: number | '';
  is_active: boolean;
  /** A newly chosen image, to be uploaded on save. */
  image: File | null;
  /** The seller removed the product's current image. */
  remove_image: boolean;
}

/** The stored product fields the dialog writes; the image fields are added once the upload is done. */
export type ProductFormFields = Omit<ProductFields, 'image_url' | 'image_path'> & {
  low_stock_threshold?: number;
};

export function productFormValues(product: Product | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    description: product?.description ?? '',
    price: product?.price ?? '',
    original_price: product?.original_price ?? '',
    category: product?.category ?? '',
    stock_quantity: product?.stock_quantity ?? '',
    low_stock_threshold: product?.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    is_active: product?.is_active ?? true,
    image: null,
    remove_image: false,
  };
}

function hasAtMostTwoDecimals(value: number | undefined | null): boolean {
  // Infinity is refused by the upper bound; saying it also has too many decimals would only confuse.
  if (value == null || !Number.isFinite(value)) return true;
  try {
    toPoisha(value);
    return true;
  } catch {
    return false;
  }
}

// An emptied number input is '' (or NaN from some browsers): that is "not given", not "not a number".
const emptyAsMissing = (value: unknown, original: unknown) =>
  original === '' || original === null || (typeof original === 'number' && Number.isNaN(original))
    ? undefined
    : value;

// What firestore.rules refuses in a product's texts (customer-text.ts): said here first, in Bengali.
const safeCharacters = (shape: TextShape) => (text: string | undefined) =>
  text === undefined || unsafeCharacterProblem(text, shape) === null;

export const productFormSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(t.nameRequired)
    .max(120, t.nameTooLong)
    .test('safe-characters', t.nameUnsafeCharacters, safeCharacters('line')),
  description: yup
    .string()
    .trim()
    .max(2000, t.descriptionTooLong)
    .test('safe-characters', t.descriptionUnsafeCharacters, safeCharacters('lines')),
  price: yup
    .number()
    .transform(emptyAsMissing)
    .typeError(t.priceNotNumber)
    .required(t.priceRequired)
    .min(MIN_PRODUCT_PRICE, t.priceTooLow(formatTaka(MIN_PRODUCT_PRICE)))
    .max(MAX_PRODUCT_PRICE, t.priceTooHigh(formatTaka(MAX_PRODUCT_PRICE)))
    .test('two-decimals', t.priceDecimals, hasAtMostTwoDecimals),
  original_price: yup
    .number()
    .transform(emptyAsMissing)
    .typeError(t.originalPriceNotNumber)
    .max(MAX_PRODUCT_PRICE, t.priceTooHigh(formatTaka(MAX_PRODUCT_PRICE)))
    .test('two-decimals', t.priceDecimals, hasAtMostTwoDecimals)
    .test('above-price', t.originalPriceAbovePrice, function abovePrice(value) {
      const price: unknown = this.parent.price;
      return value == null || typeof price !== 'number' || Number.isNaN(price) || value > price;
    }),
  category: yup
    .string()
    .trim()
    .max(60, t.categoryTooLong)
    .test('safe-characters', t.categoryUnsafeCharacters, safeCharacters('line')),
  stock_quantity: yup
    .number()
    .transform(emptyAsMissing)
    .typeError(t.stockNotNumber)
    .required(t.stockRequired)
    .integer(t.stockInteger)
    .min(0, t.stockMin)
    .max(MAX_PRODUCT_STOCK, t.stockTooHigh(formatNumberBn(MAX_PRODUCT_STOCK))),
  low_stock_threshold: yup
    .number()
    .transform(emptyAsMissing)
    .typeError(t.thresholdNotNumber)
    .required(t.thresholdRequired)
    .integer(t.thresholdInteger)
    .min(0, t.thresholdRange(formatNumberBn(MAX_LOW_STOCK_THRESHOLD)))
    .max(MAX_LOW_STOCK_THRESHOLD, t.thresholdRange(formatNumberBn(MAX_LOW_STOCK_THRESHOLD))),
  is_active: yup.boolean().required(),
  image: yup
    .mixed<File>()
    .nullable()
    .test('image-type', t.imageType, (file) => !file || productImageProblem(file) !== 'imageType')
    .test('image-size', t.imageTooLarge, (file) => !file || productImageProblem(file) !== 'imageTooLarge'),
  remove_image: yup.boolean().required(),
});

/** The fields to store, from values the schema accepted: empty optional texts become null. */
export function toProductFields(values: ProductFormValues): ProductFormFields {
  const valid = productFormSchema.validateSync(values, { abortEarly: true });
  const description = valid.description?.trim() ?? '';
  const category = valid.category?.trim() ?? '';
  return {
    name: valid.name.trim(),
    description: description === '' ? null : description,
    price: valid.price,
    original_price: valid.original_price ?? null,
    category: category === '' ? null : category,
    stock_quantity: valid.stock_quantity,
    low_stock_threshold: valid.low_stock_threshold,
    is_active: valid.is_active,
  };
}
