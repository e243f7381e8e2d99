// The product grid's layout, one source for the grid React draws (products-section.tsx) and the fallback the
// entry fills before React loads (early-product-grid.tsx): the same columns and gaps, so nothing moves when
// one replaces the other.
export const PRODUCT_GRID_COLUMNS = { base: 1, sm: 2, lg: 3, xl: 4 } as const;
export const PRODUCT_GRID_GAP = { base: '4', md: '6' } as const;
