/**
 * The shop's theme as data: Chakra's default theme (only the parts the shop uses) with the shop's colours and
 * font. ./theme.ts builds the system from it.
 */
import { defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  cardSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  toastSlotRecipe,
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  recipes,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

// A warm "turmeric and mustard oil" palette with a mango-leaf green accent, and Noto Sans Bengali
// (self-hosted by @fontsource) so conjuncts render the same on every phone.
const fontStack = `'Noto Sans Bengali', 'Noto Sans', system-ui, sans-serif`;

const config = defineConfig({
  globalCss: {
    html: { scrollBehavior: 'smooth', scrollPaddingTop: '72px', _motionReduce: { scrollBehavior: 'auto' } },
    body: { bg: 'bg', color: 'fg' },
    // A shopper who asked their phone for less motion gets none: dialogs, toasts and skeletons appear at once.
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: { heading: { value: fontStack }, body: { value: fontStack } },
      colors: {
        brand: {
          50: { value: '#fff8eb' },
          100: { value: '#feebc7' },
          200: { value: '#fdd38a' },
          300: { value: '#fbb54d' },
          400: { value: '#f99a24' },
          500: { value: '#e47510' },
          600: { value: '#c2560b' },
          700: { value: '#9a3c0e' },
          800: { value: '#7d3112' },
          900: { value: '#672a12' },
          950: { value: '#3b1305' },
        },
        leaf: {
          50: { value: '#f3f8ec' },
          100: { value: '#e3efd5' },
          500: { value: '#5b8c2a' },
          600: { value: '#47701f' },
          700: { value: '#37561b' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        leaf: {
          solid: { value: '{colors.leaf.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.leaf.700}' },
          muted: { value: '{colors.leaf.100}' },
          subtle: { value: '{colors.leaf.50}' },
          emphasized: { value: '{colors.leaf.100}' },
          focusRing: { value: '{colors.leaf.500}' },
        },
      },
    },
  },
});

/**
 * Chakra's default theme with only the multi-part components the shop uses (its full set is ~120 KB of
 * JavaScript that every shopper would download and run before the page works). Using a component that is
 * not listed here renders it unstyled: add its slot recipe below.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The shop's theme, as `createSystem` takes it (./theme.ts builds the system from it). */
export const themeConfigs = [defaultBaseConfig, chakraTheme, config] as const;
