/**
 * The shop's theme as data: Chakra's default theme (only the parts the shop uses) with the shop's colours and
 * font. ./theme.ts builds the system from it.
 */
import { defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  badgeRecipe,
  buttonRecipe,
  checkmarkRecipe,
  containerRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  inputAddonRecipe,
  linkRecipe,
  radiomarkRecipe,
  separatorRecipe,
  spinnerRecipe,
  textareaRecipe,
  alertSlotRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  dialogSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
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

/** The entries of `all` named in `names`, in that order. */
function only<T>(all: Record<string, T>, names: readonly string[]): Record<string, T> {
  return Object.fromEntries(names.map((name) => [name, all[name]]));
}

/**
 * Chakra's colour palettes that nothing of the shop paints with (its own, and those of the order and payment
 * badges, are all others): each of their tokens would only be one more CSS variable in every page's `<style>`.
 */
const UNUSED_PALETTES = ['pink', 'teal'];

function withoutUnusedPalettes<T>(colors: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.includes(name)));
}

/**
 * Chakra's semantic tokens as the shop's light pages use them: a value given per colour mode (`_light`, `_dark`)
 * becomes its light one. Nothing puts the page in dark mode (no `.dark` class), so the dark values were one more
 * block of CSS variables in every page's `<style>` that no page reads.
 */
function lightValues<T extends object>(tokens: T): T {
  const walk = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object') return node;
    if ('value' in node) {
      const value = node.value;
      return value !== null && typeof value === 'object' && '_light' in value
        ? { ...node, value: value._light }
        : node;
    }
    return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
  };
  return walk(tokens) as T;
}

/**
 * Chakra's default theme with only what the shop uses: the recipes of the components it imports (the full set
 * is ~120 KB of JavaScript that every shopper would download and run before the page works), the keyframes
 * those recipes animate with, and the colour palettes it paints with (every token is a CSS variable in each
 * prerendered page's `<style>`, every keyframe a rule). theme-parts.test.ts fails when a component the shop
 * imports lacks its recipe, a recipe its keyframe, or the code or a recipe a token.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes: only(keyframes, [
      'spin',
      'bg-position',
      'position',
      'fade-in',
      'fade-out',
      'scale-in',
      'scale-out',
      'slide-from-top',
      'slide-from-bottom',
      'slide-from-left',
      'slide-from-right',
      'slide-to-top',
      'slide-to-bottom',
      'slide-to-left',
      'slide-to-right',
    ]),
    tokens: {
      ...tokens,
      colors: withoutUnusedPalettes(tokens.colors),
      // The spinner's; Chakra's ping, pulse and bounce animate nothing of the shop.
      animations: only(tokens.animations, ['spin']),
    },
    semanticTokens: lightValues({ ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors) }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
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
