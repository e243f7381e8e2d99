import { Button, HStack, Input, Stack, Textarea, chakra } from '@chakra-ui/react';
import { useFormik } from 'formik';
import * as yup from 'yup';
import { FormField, errorOf } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { customerAddressSchema, customerPhoneSchema } from '@/features/ordering/model/order-form';
import { editMyOrder } from '../api/edit-my-order';
import type { MyOrder } from '../model/my-order';
import { myOrdersTexts as t } from '../texts';

const schema = yup.object({ customerPhone: customerPhoneSchema, customerAddress: customerAddressSchema });

/** The customer's own change of where a pending order goes: the address and the phone, nothing else. */
export function EditDeliveryForm({ order, onDone }: { order: MyOrder; onDone: () => void }) {
  const formik = useFormik({
    initialValues: { customerPhone: order.customer_phone, customerAddress: order.customer_address },
    validationSchema: schema,
    onSubmit: async (values) => {
      const cast = schema.cast(values);
      const changes = {
        ...(cast.customerPhone !== order.customer_phone && { customerPhone: cast.customerPhone }),
        ...(cast.customerAddress !== order.customer_address && { customerAddress: cast.customerAddress }),
      };
      if (Object.keys(changes).length === 0) {
        notifySuccess(t.deliveryUnchanged);
        return onDone();
      }
      try {
        await editMyOrder({ orderId: order.id, ...changes });
        notifySuccess(t.deliverySaved);
        onDone();
      } catch (error) {
        notifyError(t.deliveryError, undefined, error);
      }
    },
  });
  return (
    <chakra.form onSubmit={formik.handleSubmit} noValidate aria-label={t.changeDelivery}>
      <Stack gap="2">
        <FormField label={t.phone} error={errorOf(formik, 'customerPhone')}>
          <Input {...formik.getFieldProps('customerPhone')} inputMode="tel" size="sm" />
        </FormField>
        <FormField label={t.address} error={errorOf(formik, 'customerAddress')}>
          <Textarea {...formik.getFieldProps('customerAddress')} rows={2} size="sm" />
        </FormField>
        <HStack justifyContent="flex-end">
          <Button size="xs" variant="ghost" onClick={onDone} disabled={formik.isSubmitting}>
            {t.keepDelivery}
          </Button>
          <Button type="submit" size="xs" loading={formik.isSubmitting} loadingText={t.savingDelivery}>
            {t.saveDelivery}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
