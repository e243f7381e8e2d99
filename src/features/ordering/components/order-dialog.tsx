import {
  Button,
  CloseButton,
  Dialog,
  HStack,
  Input,
  Portal,
  RadioGroup,
  Separator,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useEffectEvent, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { orderingTexts } from '../texts';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { orderErrorMessage } from '../api/order-error-message';
import { placeOrder } from '../api/place-order';
import { runningTotal } from '../model/money';
import { newOrderRequestId } from '../model/order-request-id';
import { initialOrderFormValues, orderFormSchema, type OrderFormValues } from '../model/order-form';
import type { EarlyOrderDialog, OrderDraft } from '../model/order-form-values';
import { MAX_JARS_PER_ORDER, MAX_OPEN_ORDERS_PER_CUSTOMER } from '../model/order-limits';
import { PAYMENT_METHODS, paymentMethodLabel } from '../model/payment-method';
import { usePhoneCodeStep } from './phone-code-step';

const t = orderingTexts.dialog;
const toastText = orderingTexts.toast;

/** What the dialog needs to know about the jar being ordered. */
export interface OrderableProduct {
  id: string;
  name: string;
  price: number;
  stock_quantity: number;
}

export interface OrderDialogProps {
  /** The product to order; null keeps the dialog closed. */
  product: OrderableProduct | null;
  /**
   * Null while the page does not know yet (Firebase Auth's code still on its way, on a slow phone a few seconds
   * after the dialog can open): a confirm made then waits for it, its button busy.
   */
  isSignedIn: boolean | null;
  /**
   * The order dialog the page drew for this tap before the app ran (early-order-dialog.ts), if it is still on
   * screen: this one opens with what was filled in there, takes its place, and confirms it if it was confirmed.
   */
  early?: EarlyOrderDialog | null;
  onClose: () => void;
}

/** One jar type, one order: quantity, contact details, payment method, and a live total. */
export default function OrderDialog({ product, isSignedIn, early = null, onClose }: OrderDialogProps) {
  const navigate = useNavigate();
  const stock = product?.stock_quantity ?? 0;
  // This confirmation's request id: made at the first submit, kept through retries and repeated taps until the
  // dialog closes, so a lost answer never turns into a second order (order-request-id.ts).
  const requestId = useRef<string | null>(null);
  // The field the early dialog had the focus in (below), given back as this one opens.
  const focusedField = useRef<keyof OrderFormValues | null>(null);
  // A first cash order verifies the number by a code first (phone-code-step.tsx).
  const phoneCode = usePhoneCodeStep();
  const close = () => {
    phoneCode.reset();
    requestId.current = null;
    focusedField.current = null;
    onClose();
  };
  const formik = useFormik<OrderFormValues>({
    initialValues: initialOrderFormValues,
    validationSchema: orderFormSchema(stock),
    onSubmit: async (values, helpers) => {
      if (!product) return;
      const valid = orderFormSchema(stock).cast(values);
      if (await phoneCode.holdsOrder(valid.paymentMethod, valid.customerPhone)) return;
      requestId.current ??= newOrderRequestId();
      try {
        await placeOrder({
          productId: product.id,
          quantity: valid.quantity,
          customerName: valid.customerName,
          customerPhone: valid.customerPhone,
          customerAddress: valid.customerAddress,
          paymentMethod: valid.paymentMethod,
          requestId: requestId.current,
        });
      } catch (error) {
        notifyError(toastText.failure, orderErrorMessage(error, toastText.failureText), error);
        return;
      }
      notifySuccess(toastText.success, toastText.successText);
      helpers.resetForm({ values: initialOrderFormValues });
      close();
    },
  });

  // A confirm made before the sign-in state was known, answered once it is (exactly once).
  const confirmWaiting = useRef(false);
  const confirm = () => {
    if (isSignedIn === null) {
      confirmWaiting.current = true;
      formik.setSubmitting(true);
      return;
    }
    // Checked before anything else: a visitor's order must never leave the page.
    if (!isSignedIn) {
      notifyError(toastText.loginRequired, toastText.loginRequiredText, undefined, {
        label: toastText.loginAction,
        onClick: () => navigate('/auth'),
      });
      return;
    }
    void formik.submitForm();
  };
  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmWaiting.current) confirm(); // a tap while one waits adds nothing
  };
  const answerWaitingConfirm = useEffectEvent(() => {
    if (isSignedIn === null || !confirmWaiting.current) return;
    confirmWaiting.current = false;
    formik.setSubmitting(false);
    confirm();
  });
  useEffect(() => answerWaitingConfirm(), [isSignedIn]);

  // The early dialog's draft, taken in the frame that shows this one (so nothing typed there is lost, and the two
  // are never on screen together); its confirm is answered at the next render, once the values are in.
  const content = useRef<HTMLDivElement>(null);
  const [confirmDraft, setConfirmDraft] = useState(false);
  const takeOverEarlyDialog = useEffectEvent(() => {
    const draft = early?.draft() ?? null;
    early?.remove();
    if (!draft) return;
    formik.resetForm({ values: draft.values });
    focusedField.current = draft.focus?.field ?? null;
    keepSelection(draft.focus);
    if (draft.confirmed) setConfirmDraft(true);
  });
  useLayoutEffect(() => {
    if (product && early) takeOverEarlyDialog();
  }, [product, early]);
  const confirmEarlyDraft = useEffectEvent(() => {
    setConfirmDraft(false);
    confirm();
  });
  useEffect(() => {
    if (confirmDraft) confirmEarlyDraft();
  }, [confirmDraft]);
  // The dialog's focus trap selects the whole text of the field it focuses: the shopper's caret is put back where
  // it was in the early dialog, so that typing on goes on where it was.
  const keepSelection = (focus: OrderDraft['focus']) => {
    const field = focus && content.current?.querySelector(`[name="${focus.field}"]`);
    if (!focus?.selection || !(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
      return;
    const [start, end] = focus.selection;
    field.addEventListener('focus', () => setTimeout(() => field.setSelectionRange(start, end)), {
      once: true,
    });
  };
  const initialFocus = () =>
    focusedField.current
      ? (content.current?.querySelector<HTMLElement>(`[name="${focusedField.current}"]`) ?? null)
      : null;

  const total = product ? runningTotal(product.price, formik.values.quantity) : null;

  return (
    <Dialog.Root
      open={product !== null}
      onOpenChange={(details) => {
        if (!details.open && !formik.isSubmitting) close();
      }}
      initialFocusEl={initialFocus}
      // A stray tap beside it does not close it, as the early dialog: the second tap of a double tap on "order",
      // or a tap aimed at the early dialog's confirm as this one takes its place, lands there.
      closeOnInteractOutside={false}
      placement="center"
      scrollBehavior="inside"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={content}>
            {/* display: contents keeps header, body and footer in the dialog's own layout, so the body scrolls. */}
            <form onSubmit={handleSubmit} noValidate aria-label={t.title} style={{ display: 'contents' }}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>{t.title}</Dialog.Title>
                {product && (
                  <Text color="fg.muted" textStyle="sm">
                    {product.name} · {t.unitPrice} {formatTaka(product.price)} ·{' '}
                    {t.inStock(formatNumberBn(product.stock_quantity))}
                  </Text>
                )}
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <FormField
                    label={t.quantity}
                    required
                    requiredIndicator={false}
                    error={errorOf(formik, 'quantity')}
                    helperText={t.limits(
                      formatNumberBn(MAX_JARS_PER_ORDER),
                      formatNumberBn(MAX_OPEN_ORDERS_PER_CUSTOMER),
                    )}
                    helperTestId="order-limits"
                  >
                    <Input
                      name="quantity"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={Math.min(stock, MAX_JARS_PER_ORDER)}
                      step={1}
                      value={Number.isNaN(formik.values.quantity) ? '' : formik.values.quantity}
                      onChange={(event) =>
                        formik.setFieldValue(
                          'quantity',
                          event.target.value === '' ? Number.NaN : Number(event.target.value),
                        )
                      }
                      onBlur={formik.handleBlur}
                    />
                  </FormField>
                  <FormField label={t.name} required error={errorOf(formik, 'customerName')}>
                    <Input autoComplete="name" {...formik.getFieldProps('customerName')} />
                  </FormField>
                  <FormField label={t.phone} required error={errorOf(formik, 'customerPhone')}>
                    <Input
                      type="tel"
                      inputMode="tel"
                      autoComplete="tel"
                      placeholder={t.phonePlaceholder}
                      {...formik.getFieldProps('customerPhone')}
                    />
                  </FormField>
                  <FormField label={t.address} required error={errorOf(formik, 'customerAddress')}>
                    <Textarea
                      rows={3}
                      autoComplete="street-address"
                      placeholder={t.addressPlaceholder}
                      {...formik.getFieldProps('customerAddress')}
                    />
                  </FormField>
                  <FormField
                    label={t.paymentMethod}
                    labelId="payment-method-label"
                    error={errorOf(formik, 'paymentMethod')}
                  >
                    <RadioGroup.Root
                      name="paymentMethod"
                      value={formik.values.paymentMethod}
                      onValueChange={(details) => formik.setFieldValue('paymentMethod', details.value)}
                      colorPalette="brand"
                      aria-labelledby="payment-method-label"
                    >
                      <HStack gap="5" flexWrap="wrap">
                        {PAYMENT_METHODS.map((method) => (
                          <RadioGroup.Item key={method} value={method}>
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>{paymentMethodLabel(method)}</RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </HStack>
                    </RadioGroup.Root>
                  </FormField>
                  {phoneCode.render(() => void formik.submitForm())}
                  <Separator />
                  <HStack justifyContent="space-between" aria-live="polite">
                    <Text fontWeight="semibold">{t.total}</Text>
                    <Text textStyle="xl" fontWeight="bold" color="brand.fg" data-testid="order-total">
                      {total === null ? '—' : formatTaka(total)}
                    </Text>
                  </HStack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button
                  type="submit"
                  colorPalette="brand"
                  width="full"
                  loading={formik.isSubmitting}
                  loadingText={t.submitting}
                >
                  {t.confirm}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild disabled={formik.isSubmitting}>
              <CloseButton size="sm" aria-label={orderingTexts.close} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
