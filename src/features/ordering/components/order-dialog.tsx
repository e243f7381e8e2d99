import {
  Button,
  chakra,
  CloseButton,
  Flex,
  Heading,
  HStack,
  Input,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { orderingTexts } from '../texts';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { orderErrorMessage } from '../api/order-error-message';
import { runningTotal } from '../model/money';
import { newOrderRequestId } from '../model/order-request-id';
import { initialOrderFormValues, orderFormSchema, type OrderFormValues } from '../model/order-form';
import { MAX_JARS_PER_ORDER, MAX_OPEN_ORDERS_PER_CUSTOMER } from '../model/order-limits';
import { usePhoneCodeStep } from './phone-code-step';
import { DEFAULT_PAYMENT_METHOD, paymentMethodLabel, type PaymentMethod } from '../model/payment-method';
import { isMobilePaymentMethod } from '../model/payment';
import { optionalPaymentClaimErrors, paymentClaimOf, type PaymentClaimValues } from '../model/payment-claim';
import { offeredPaymentMethods, readPaymentSettings } from '../model/payment-settings';
import { orderMessages } from '../model/texts';
import { normalizeBangladeshPhone } from '../model/phone';
import { usePaymentSettings } from '../api/payment-settings';
import { WalletPaymentFields } from './wallet-payment-fields';
import { closesDialog, ORDER_FORM_ID, SHOWS_SUBJECT } from '@/lib/invoker';
import { CloseIcon } from '@/components/ui/icons';

const t = orderingTexts.dialog;
const toastText = orderingTexts.toast;

/** The order form and, for bKash/Nagad, a payment already sent (both fields may stay empty: pay later). */
type OrderDialogValues = OrderFormValues & PaymentClaimValues;
const initialDialogValues: OrderDialogValues = { ...initialOrderFormValues, trxId: '', payer: '' };
// Offered while the shop's payment settings are on their way (and if they cannot be read): cash at the door.
const CASH_ONLY: readonly PaymentMethod[] = ['cash_on_delivery'];

/** What the dialog needs to know about the jar being ordered. */
export interface OrderableProduct {
  id: string;
  name: string;
  price: number;
  stock_quantity: number;
}

export interface OrderDialogProps {
  /**
   * The jar the form is for: a product's page knows it from the start (its server renders the form for it); `/`
   * once a card's button was tapped. Null while none is known.
   */
  product: OrderableProduct | null;
  /** The line naming the jar, as its order buttons carry it (the catalog's orderSubject); null while none is known. */
  subject: string | null;
  /** Whether the page has opened the form (the platform may have opened it before the app ran). */
  open: boolean;
  /**
   * Null while the page does not know yet (Firebase Auth's code still on its way, on a slow phone a few seconds
   * after the dialog can open): a confirm made then waits for it, its button busy.
   */
  isSignedIn: boolean | null;
  /**
   * The methods the shop offered when the page's server rendered it, offered until the shop's own settings are
   * read (when the form opens); null: not known, cash on delivery meanwhile.
   */
  offeredOnPage?: readonly PaymentMethod[] | null;
  onClose: () => void;
}

/**
 * One jar type, one order: quantity, contact details, payment method, and a live total. A native <dialog>,
 * rendered with the page by the server and opened by the platform (the "order" buttons' invoker command), so a
 * shopper types into it before the app runs; the app then adopts it as it is, open, with what was typed.
 */
export default function OrderDialog({
  product,
  subject,
  open,
  isSignedIn,
  offeredOnPage = null,
  onClose,
}: OrderDialogProps) {
  const navigate = useNavigate();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const stock = product ? product.stock_quantity : null;
  // This confirmation's request id: made at the first submit, kept through retries and repeated taps until the
  // dialog closes, so a lost answer never turns into a second order (order-request-id.ts).
  const requestId = useRef<string | null>(null);
  // A first cash order verifies the number by a code first (phone-code-step.tsx).
  const phoneCode = usePhoneCodeStep();
  const close = () => {
    phoneCode.reset();
    requestId.current = null;
    onClose();
  };
  // Read when the dialog first opens, once per page: which methods the shop takes, and its wallet numbers.
  const settings = usePaymentSettings(open);
  const offered = settings ? offeredPaymentMethods(settings) : (offeredOnPage ?? CASH_ONLY);
  // The first method offered is chosen at first (cash, where the shop takes it).
  const emptyForm = { ...initialDialogValues, paymentMethod: offered[0] ?? DEFAULT_PAYMENT_METHOD };
  const formik = useFormik<OrderDialogValues>({
    initialValues: emptyForm,
    validationSchema: orderFormSchema(stock),
    validate: (values) => {
      if (settings && !offered.includes(values.paymentMethod))
        return { paymentMethod: orderMessages.payment.methodNotOffered };
      return isMobilePaymentMethod(values.paymentMethod)
        ? optionalPaymentClaimErrors(values.paymentMethod, values)
        : {};
    },
    onSubmit: async (values, helpers) => {
      if (!product) return;
      const valid = orderFormSchema(stock).cast(values);
      const required = (settings ?? readPaymentSettings(undefined)).phone_verification_required;
      if (await phoneCode.holdsOrder(valid.customerPhone, required)) return;
      const claim = isMobilePaymentMethod(valid.paymentMethod)
        ? paymentClaimOf(valid.paymentMethod, values)
        : null;
      requestId.current ??= newOrderRequestId();
      try {
        // The callable's code (Firebase Functions) comes with the first confirm, not with the page.
        const { placeOrder } = await import('../api/place-order');
        await placeOrder({
          productId: product.id,
          quantity: valid.quantity,
          customerName: valid.customerName,
          customerPhone: valid.customerPhone,
          customerAddress: valid.customerAddress,
          paymentMethod: valid.paymentMethod,
          requestId: requestId.current,
          ...(claim && { paymentTrxId: claim.trxId, paymentPayer: claim.payer }),
        });
      } catch (error) {
        notifyError(toastText.failure, orderErrorMessage(error, toastText.failureText), error);
        return;
      }
      notifySuccess(toastText.success, toastText.successText);
      helpers.resetForm({ values: emptyForm });
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

  const total = product ? runningTotal(product.price, formik.values.quantity) : null;
  const method = formik.values.paymentMethod;
  // A method the shop does not take (switched off since the page loaded) falls back to cash.
  const fallBackToOffered = useEffectEvent(() => {
    if (!offered.includes(formik.values.paymentMethod))
      void formik.setFieldValue('paymentMethod', offered[0]);
  });
  useEffect(() => {
    if (settings) fallBackToOffered();
  }, [settings]);
  const typedPhone = normalizeBangladeshPhone(formik.values.customerPhone);

  // The platform's dialog follows the page's state: opened as a modal (top layer, focus kept inside, Escape),
  // closed when the order is done or dismissed. One the browser opened before the app ran stays open: the
  // button that opened it is replayed right after hydration (src/lib/tap-replay.ts) and opens it for its jar.
  const wasOpen = useRef(open);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && wasOpen.current && dialog.open) dialog.close();
    wasOpen.current = open;
  }, [open]);
  const dismiss = () => {
    if (formik.isSubmitting) return;
    if (open) close();
    else dialogRef.current?.close();
  };

  return (
    <chakra.dialog
      ref={dialogRef}
      id={ORDER_FORM_ID}
      aria-labelledby={titleId}
      // Escape, the close button (an invoker command) and a tap on the backdrop: not while an order is on its way.
      onCancel={(event) => {
        if (formik.isSubmitting) event.preventDefault();
      }}
      onClose={() => {
        if (open) close();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) dismiss(); // the backdrop: the content covers the rest
      }}
      p="0"
      m="auto"
      border="0"
      bg="transparent"
      width="calc(100% - 2rem)"
      maxW="md"
      maxH="calc(100dvh - 2rem)"
      overflow="visible"
      _open={{ display: 'flex' }}
      css={{ '&::backdrop': { background: 'rgba(0, 0, 0, 0.5)' } }}
    >
      <Flex
        direction="column"
        position="relative"
        flex="1"
        minH="0"
        bg="bg.panel"
        color="fg"
        rounded="l3"
        shadow="lg"
        textStyle="sm"
      >
        {/* display: contents keeps header, body and footer in the dialog's own layout, so the body scrolls. */}
        <form onSubmit={handleSubmit} noValidate aria-label={t.title} style={{ display: 'contents' }}>
          <Stack gap="1" px="6" pt="6" pb="4">
            <Heading as="h2" id={titleId} textStyle="lg" fontWeight="semibold">
              {t.title}
            </Heading>
            {/* The jar, once known. On `/` the form opened before the app is filled in by the tap keeper with the
                tapped button's words (the same line), which hydration keeps until the app names the jar itself. */}
            <Text color="fg.muted" textStyle="sm" {...{ [SHOWS_SUBJECT]: '' }} suppressHydrationWarning>
              {subject ?? ''}
            </Text>
          </Stack>
          <Stack gap="4" px="6" pb="6" flex="1" minH="0" overflowY="auto">
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
                max={Math.min(stock ?? MAX_JARS_PER_ORDER, MAX_JARS_PER_ORDER)}
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
                  {offered.map((method) => (
                    <RadioGroup.Item key={method} value={method}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{paymentMethodLabel(method)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </HStack>
              </RadioGroup.Root>
            </FormField>
            {settings && isMobilePaymentMethod(method) && (
              <WalletPaymentFields
                method={method}
                account={settings[method]}
                total={total}
                phone={typedPhone.ok ? typedPhone.phone : null}
                waitHours={settings.payment_wait_hours}
                formik={formik}
              />
            )}
            {phoneCode.render(() => void formik.submitForm())}
          </Stack>
          {/* Always on screen, however long the body above grows and scrolls: the total and the confirm. */}
          <Stack gap="2" px="6" pb="4" pt="3" borderTopWidth="1px">
            <HStack justifyContent="space-between" aria-live="polite">
              <Text fontWeight="semibold">{t.total}</Text>
              <Text textStyle="xl" fontWeight="bold" color="brand.fg" data-testid="order-total">
                {total === null ? '—' : formatTaka(total)}
              </Text>
            </HStack>
            <Button
              type="submit"
              colorPalette="brand"
              width="full"
              loading={formik.isSubmitting}
              loadingText={t.submitting}
            >
              {t.confirm}
            </Button>
          </Stack>
        </form>
        <CloseButton size="sm" position="absolute" top="2" insetEnd="2" asChild>
          {/* The invoker command on the <button> itself (Chakra passes on only the attributes it knows); the
              click for a browser that lacks invoker commands, once the app runs. */}
          <button
            type="button"
            aria-label={orderingTexts.close}
            disabled={formik.isSubmitting}
            {...closesDialog(ORDER_FORM_ID)}
            onClick={dismiss}
          >
            <CloseIcon />
          </button>
        </CloseButton>
      </Flex>
    </chakra.dialog>
  );
}
