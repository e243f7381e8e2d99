// The order dialog drawn with plain DOM, before the app's code has loaded: on a slow phone React, Chakra and the
// order form arrive seconds after the first cards, and a tap on "order" meanwhile opens this one at once (it is
// part of the entry, ~2.5 KB with its styles: no request of its own to wait for). It is the same form as the app's OrderDialog, laid
// out alike; the shopper can fill it and confirm. It places no order itself: once the app runs, its dialog
// opens with this draft, takes its place in the same frame and confirms a confirmed draft, validating it then
// (early-taps.ts hands it over). Closing it drops the tap.
// As text, put in the page at the first opening: not in the stylesheet that every first paint waits for.
import styles from './early-order-dialog.css?inline';
import { formatNumberBn, formatTaka } from '@/lib/numbers';
import { orderingTexts } from '../texts';
import { runningTotal } from '../model/money';
import { MAX_JARS_PER_ORDER, MAX_OPEN_ORDERS_PER_CUSTOMER } from '../model/order-limits';
import {
  initialOrderFormValues,
  type EarlyOrderDialog,
  type OrderDraft,
  type OrderFormValues,
} from '../model/order-form-values';
import { PAYMENT_METHODS, isPaymentMethod, paymentMethodLabel } from '../model/payment-method';

const t = orderingTexts.dialog;

/** What the early dialog shows of the jar: the entry's product list has it (or a product page's data). */
export interface EarlyOrderProduct {
  id: string;
  name: string;
  price: number;
  stock_quantity: number;
}

/** Marks the early dialog's root, for the app (and tests) to tell it from its own. */
export const EARLY_DIALOG = 'data-early-dialog';

const STYLES_ID = 'early-order-dialog-styles';

type Attributes = Record<string, string | number | boolean>;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children);
  return node;
}

function isFieldName(name: string): name is keyof OrderFormValues {
  return Object.hasOwn(initialOrderFormValues, name);
}

/** A label above its control, with Chakra's required mark where the app's dialog shows one. */
function field(id: string, label: string, required: boolean, control: HTMLElement, helper?: string) {
  const mark = required ? [el('span', { class: 'eod-required', 'aria-hidden': 'true' }, '*')] : [];
  const box = el('div', { class: 'eod-field' }, el('label', { for: id }, label, ...mark), control);
  if (helper) box.append(el('p', { class: 'eod-helper' }, helper));
  return box;
}

function total(price: number, quantity: number): string {
  const amount = runningTotal(price, quantity);
  return amount === null ? '—' : formatTaka(amount);
}

const FOCUSABLE = 'input:not([type=radio]), input[type=radio]:checked, textarea, button';

/**
 * Opens the early order dialog for `product`, focused on its first field. `onClose` is called when the shopper
 * closes it (the close button or Escape); it is then gone. `remove()` takes it off without that.
 */
export function openEarlyOrderDialog(product: EarlyOrderProduct, onClose: () => void): EarlyOrderDialog {
  const v = initialOrderFormValues;
  const max = Math.min(product.stock_quantity, MAX_JARS_PER_ORDER);
  const quantity = el('input', {
    id: 'eod-quantity',
    name: 'quantity',
    type: 'number',
    inputmode: 'numeric',
    min: 1,
    max,
    step: 1,
    required: true,
    value: v.quantity,
  });
  const name = el('input', { id: 'eod-name', name: 'customerName', autocomplete: 'name', required: true });
  const phone = el('input', {
    id: 'eod-phone',
    name: 'customerPhone',
    type: 'tel',
    inputmode: 'tel',
    autocomplete: 'tel',
    placeholder: t.phonePlaceholder,
    required: true,
  });
  const address = el('textarea', {
    id: 'eod-address',
    name: 'customerAddress',
    rows: 3,
    autocomplete: 'street-address',
    placeholder: t.addressPlaceholder,
    required: true,
  });
  const payment = el(
    'div',
    { class: 'eod-radios', role: 'radiogroup', 'aria-labelledby': 'eod-payment-label' },
    ...PAYMENT_METHODS.map((method) =>
      el(
        'label',
        { class: 'eod-radio' },
        el('input', {
          type: 'radio',
          name: 'paymentMethod',
          value: method,
          checked: method === v.paymentMethod,
        }),
        paymentMethodLabel(method),
      ),
    ),
  );
  const sum = el('strong', { class: 'eod-sum' }, total(product.price, v.quantity));
  const confirm = el('button', { type: 'submit', class: 'eod-submit' }, t.confirm);
  const form = el(
    'form',
    { novalidate: true, 'aria-label': t.title },
    el(
      'header',
      { class: 'eod-header' },
      el('h2', { id: 'eod-title', class: 'eod-title' }, t.title),
      el(
        'p',
        { class: 'eod-meta' },
        `${product.name} · ${t.unitPrice} ${formatTaka(product.price)} · ${t.inStock(formatNumberBn(product.stock_quantity))}`,
      ),
    ),
    el(
      'div',
      { class: 'eod-body' },
      field(
        'eod-quantity',
        t.quantity,
        false,
        quantity,
        t.limits(formatNumberBn(MAX_JARS_PER_ORDER), formatNumberBn(MAX_OPEN_ORDERS_PER_CUSTOMER)),
      ),
      field('eod-name', t.name, true, name),
      field('eod-phone', t.phone, true, phone),
      field('eod-address', t.address, true, address),
      el(
        'div',
        { class: 'eod-field' },
        el('span', { id: 'eod-payment-label', class: 'eod-label' }, t.paymentMethod),
        payment,
      ),
      el('hr'),
      el('div', { class: 'eod-total', 'aria-live': 'polite' }, el('span', {}, t.total), sum),
    ),
    el('footer', { class: 'eod-footer' }, confirm),
  );
  const close = el('button', { type: 'button', class: 'eod-close', 'aria-label': orderingTexts.close }, '×');
  const content = el(
    'section',
    {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'eod-title',
      'data-state': 'open',
      class: 'eod-content',
      tabindex: -1,
    },
    form,
    close,
  );
  const positioner = el('div', { class: 'eod-positioner' }, content);
  const root = el('div', { [EARLY_DIALOG]: '' }, el('div', { class: 'eod-backdrop' }), positioner);

  let confirmed = false;
  const values = (): OrderFormValues => {
    const method = form.querySelector<HTMLInputElement>('input[name=paymentMethod]:checked')?.value;
    return {
      quantity: quantity.value === '' ? Number.NaN : Number(quantity.value),
      customerName: name.value,
      customerPhone: phone.value,
      customerAddress: address.value,
      paymentMethod: isPaymentMethod(method) ? method : v.paymentMethod,
    };
  };
  const focus = (): OrderDraft['focus'] => {
    const active = document.activeElement;
    if (!(active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement)) return null;
    if (!form.contains(active) || !isFieldName(active.name)) return null;
    // A number input has no selection to read (null there).
    const { selectionStart, selectionEnd } = active;
    const selection: [number, number] | null =
      selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
    return { field: active.name, selection };
  };

  quantity.addEventListener('input', () => {
    sum.textContent = total(product.price, values().quantity);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    confirmed = true;
    confirm.setAttribute('aria-busy', 'true');
    confirm.textContent = t.submitting;
  });

  const scroll = document.documentElement.style.overflow;
  const remove = () => {
    document.removeEventListener('keydown', onKeyDown, true);
    document.documentElement.style.overflow = scroll;
    root.remove();
  };
  const dismiss = () => {
    remove();
    onClose();
  };
  // Modal as the app's dialog is: Escape closes it, and Tab stays inside it.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      dismiss();
      return;
    }
    if (event.key !== 'Tab') return;
    const stops = [...content.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = stops[0];
    const last = stops[stops.length - 1];
    const active = document.activeElement;
    if (event.shiftKey ? active === first || !content.contains(active) : active === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  }
  // Not closed by a tap beside it, as the app's: it opens on the tap's release, and the second tap of a double
  // tap on "order" would land there and close it at once.
  close.addEventListener('click', dismiss);
  document.addEventListener('keydown', onKeyDown, true);

  if (!document.getElementById(STYLES_ID)) document.head.append(el('style', { id: STYLES_ID }, styles));
  document.documentElement.style.overflow = 'hidden';
  document.body.append(root);
  quantity.focus({ preventScroll: true });
  return {
    draft: () => ({ values: values(), confirmed, focus: focus() }),
    remove,
  };
}
