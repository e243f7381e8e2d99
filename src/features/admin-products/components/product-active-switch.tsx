import { useState } from 'react';
import { Switch, VisuallyHidden } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { adminProductsTexts } from '../texts';
import { useProductsApi } from '../api/products-api';
import type { Product } from '../model/admin-product';

const t = adminProductsTexts;

/** Shows a product in the shop or hides it; the live list reflects the change as soon as it is written. */
export function ProductActiveSwitch({ product }: { product: Product }) {
  const { setProductActive } = useProductsApi();
  const [saving, setSaving] = useState(false);

  async function toggle(active: boolean) {
    setSaving(true);
    try {
      await setProductActive(product.id, active);
      notifySuccess(active ? t.toggle.activated : t.toggle.deactivated, product.name);
    } catch (error) {
      notifyError(t.toggle.error, undefined, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Switch.Root
      checked={product.is_active}
      disabled={saving}
      onCheckedChange={({ checked }) => void toggle(checked)}
      colorPalette="leaf"
      size="sm"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label fontSize="sm" minWidth="14">
        {product.is_active ? t.activeLabel : t.inactiveLabel}
        {/* Spoken only: in a list of switches each must say which product it belongs to. */}
        <VisuallyHidden>{` — ${product.name}`}</VisuallyHidden>
      </Switch.Label>
    </Switch.Root>
  );
}
