import { useState } from 'react';
import { Input, SimpleGrid, Switch, Textarea } from '@chakra-ui/react';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { adminProductsTexts } from '../texts';
import { useProductsApi } from '../api/products-api';
import type { Product } from '../model/admin-product';
import { productFormSchema, productFormValues, type ProductFormValues } from '../model/product-form';
import { ProductImageField } from './product-image-field';

const t = adminProductsTexts.form;
const FORM_ID = 'admin-product-form';
const CATEGORY_LIST_ID = 'admin-product-categories';
// A price in taka: paisa allowed, never negative, the phone's decimal keypad.
const takaInput = { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' } as const;

export interface ProductFormDialogProps {
  /** The product being edited, or null for a new one. */
  product: Product | null;
  /** Categories already in use, offered as suggestions so the same one is not spelt two ways. */
  categories?: readonly string[];
  onClose: () => void;
}

/** The new/edit product dialog. Mounted only while open, so every opening starts from the product's values. */
export function ProductFormDialog({ product, categories = [], onClose }: ProductFormDialogProps) {
  const { saveProduct } = useProductsApi();
  const [progress, setProgress] = useState<number | null>(null);

  const formik = useFormik<ProductFormValues>({
    initialValues: productFormValues(product),
    validationSchema: productFormSchema,
    onSubmit: async (values) => {
      setProgress(values.image ? 0 : null);
      try {
        const result = await saveProduct(product, values, setProgress);
        if (result.imageUploadFailed) notifyError(t.uploadError, t.uploadErrorText);
        notifySuccess(result.created ? t.createSuccess : t.updateSuccess);
        onClose();
      } catch (error) {
        notifyError(t.saveError, undefined, error);
      } finally {
        setProgress(null);
      }
    },
  });

  const saving = formik.isSubmitting;
  const currentImage = formik.values.remove_image ? null : (product?.image_url ?? null);

  return (
    <FormDialog
      title={product ? t.editTitle : t.createTitle}
      formId={FORM_ID}
      onSubmit={formik.handleSubmit}
      busy={saving}
      cancelLabel={t.cancel}
      submitLabel={t.save}
      busyLabel={t.saving}
      onClose={onClose}
      size={{ base: 'full', sm: 'lg' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
    >
      <FormField label={t.name} required error={errorOf(formik, 'name')}>
        <Input {...formik.getFieldProps('name')} autoComplete="off" />
      </FormField>
      <FormField label={t.description} error={errorOf(formik, 'description')}>
        <Textarea {...formik.getFieldProps('description')} rows={3} autoresize />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t.price} required error={errorOf(formik, 'price')}>
          <Input {...formik.getFieldProps('price')} {...takaInput} />
        </FormField>
        <FormField
          label={t.originalPrice}
          error={errorOf(formik, 'original_price')}
          // The hint gives way to the message while there is one.
          helperText={errorOf(formik, 'original_price') ? undefined : t.originalPriceHint}
        >
          <Input {...formik.getFieldProps('original_price')} {...takaInput} />
        </FormField>
        <FormField label={t.category} error={errorOf(formik, 'category')}>
          <Input {...formik.getFieldProps('category')} autoComplete="off" list={CATEGORY_LIST_ID} />
          <datalist id={CATEGORY_LIST_ID}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </FormField>
        <FormField label={t.stock} required error={errorOf(formik, 'stock_quantity')}>
          <Input
            {...formik.getFieldProps('stock_quantity')}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
          />
        </FormField>
        <FormField
          label={t.lowStockThreshold}
          required
          helperText={t.lowStockThresholdHint}
          error={errorOf(formik, 'low_stock_threshold')}
        >
          <Input
            {...formik.getFieldProps('low_stock_threshold')}
            type="number"
            step="1"
            min="0"
            inputMode="numeric"
          />
        </FormField>
      </SimpleGrid>
      <ProductImageField
        currentUrl={currentImage}
        file={formik.values.image}
        error={formik.errors.image as string | undefined}
        progress={progress}
        disabled={saving}
        onChoose={(file) => {
          void formik.setFieldValue('image', file, true);
        }}
        onRemove={() => {
          // First press drops a newly chosen file; with none chosen, it removes the current image.
          if (formik.values.image) void formik.setFieldValue('image', null, true);
          else void formik.setFieldValue('remove_image', true);
        }}
      />
      <Switch.Root
        checked={formik.values.is_active}
        onCheckedChange={({ checked }) => void formik.setFieldValue('is_active', checked)}
        colorPalette="leaf"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t.active}</Switch.Label>
      </Switch.Root>
    </FormDialog>
  );
}
