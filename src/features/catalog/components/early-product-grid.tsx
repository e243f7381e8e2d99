import { Box, SimpleGrid } from '@chakra-ui/react';
import { PageSpinner } from '@/components/ui/page-spinner';
import type { Product } from '../model/product';
import { EARLY } from './early-cards';
import { PRODUCT_GRID_COLUMNS, PRODUCT_GRID_GAP } from './product-grid';
import { ProductCard } from './product-card';

// Never shown as such: each clone gets a real product's name, prices and photo (early-cards.ts). Discounted,
// so that its badge and struck-out price are there to fill (or to remove).
const template: Product = {
  id: 'template',
  name: '',
  description: null,
  price: 50,
  original_price: 100,
  image_url: 'data:,',
  image_path: null,
  category: null,
  stock_quantity: 1,
  is_active: true,
  slug: null,
  created_at: null,
  updated_at: null,
};
const hidden = { display: 'none' } as const;
const noop = () => {};

/**
 * What the prerendered `/` holds where the product grid goes: the loading spinner, an empty grid and two
 * hidden template cards, for the entry to fill with the first answer before React loads (early-cards.ts).
 */
export function EarlyProductGrid() {
  return (
    <Box {...{ [EARLY.box]: '' }}>
      <Box {...{ [EARLY.spinner]: '' }}>
        <PageSpinner minHeight="240px" />
      </Box>
      <SimpleGrid
        columns={PRODUCT_GRID_COLUMNS}
        gap={PRODUCT_GRID_GAP}
        style={hidden}
        {...{ [EARLY.grid]: '' }}
      />
      <Box style={hidden} aria-hidden="true">
        <Box {...{ [EARLY.withPhoto]: '' }}>
          <ProductCard product={template} onOrder={noop} priority />
        </Box>
        <Box {...{ [EARLY.withoutPhoto]: '' }}>
          <ProductCard product={{ ...template, image_url: null }} onOrder={noop} />
        </Box>
      </Box>
    </Box>
  );
}
