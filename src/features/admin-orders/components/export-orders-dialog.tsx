import { useState } from 'react';
import { Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { FormDialog } from '@/components/ui/form-dialog';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { formatNumberBn } from '@/lib/format';
import { adminOrdersTexts } from '../texts';
import { StatusOptions } from './status-options';
import { useAdminOrdersApi } from '../api/orders-api';
import {
  exportCriteria,
  exportFormSchema,
  exportFormValues,
  type ExportFormValues,
} from '../model/export-form';
import type { OrderStatusFilter } from '../model/order-filter';
import { ordersCsvFileName } from '../model/orders-csv';

const t = adminOrdersTexts.export;
const FORM_ID = 'orders-export-form';

/** Hands the file to the browser's downloads, named for what it holds. */
function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the blob by the next task; the URL would otherwise keep the file in memory.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface ExportOrdersDialogProps {
  /** The status the dashboard shows now: the export starts from it. */
  status: OrderStatusFilter;
  onClose: () => void;
}

/** The export dialog: a Dhaka date range and a status, then a CSV written page by page with its progress. */
export function ExportOrdersDialog({ status, onClose }: ExportOrdersDialogProps) {
  const { ordersCsvBlob } = useAdminOrdersApi();
  const [written, setWritten] = useState<number | null>(null);
  const formik = useFormik<ExportFormValues>({
    initialValues: exportFormValues(new Date(), status),
    validationSchema: exportFormSchema,
    onSubmit: async (values) => {
      setWritten(0);
      try {
        const { blob, count } = await ordersCsvBlob(exportCriteria(values), setWritten);
        download(blob, ordersCsvFileName(values.from, values.to, values.status));
        notifySuccess(t.doneTitle, count === 0 ? t.empty : t.done(formatNumberBn(count)));
        onClose();
      } catch (error) {
        notifyError(t.error, undefined, error);
      } finally {
        setWritten(null);
      }
    },
  });
  const exporting = formik.isSubmitting;

  return (
    <FormDialog
      title={t.title}
      formId={FORM_ID}
      onSubmit={formik.handleSubmit}
      busy={exporting}
      cancelLabel={t.cancel}
      submitLabel={t.download}
      busyLabel={t.preparing}
      onClose={onClose}
      size={{ base: 'full', sm: 'md' }}
    >
      <Text fontSize="sm" color="fg.muted">
        {t.hint}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t.from} required error={errorOf(formik, 'from')}>
          <Input type="date" {...formik.getFieldProps('from')} />
        </FormField>
        <FormField label={t.to} required error={errorOf(formik, 'to')}>
          <Input type="date" {...formik.getFieldProps('to')} />
        </FormField>
      </SimpleGrid>
      <FormField label={t.status} error={errorOf(formik, 'status')}>
        <NativeSelect.Root>
          <NativeSelect.Field {...formik.getFieldProps('status')}>
            <StatusOptions />
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {written !== null && (
        <Text role="status" fontSize="sm">
          {t.progress(formatNumberBn(written))}
        </Text>
      )}
    </FormDialog>
  );
}
