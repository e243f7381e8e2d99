import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// A warm "turmeric and mustard oil" palette with a mango-leaf green accent, and Noto Sans Bengali
// (self-hosted by @fontsource) so conjuncts render the same on every phone.
const fontStack = `'Noto Sans Bengali', 'Noto Sans', system-ui, sans-serif`;

const config = defineConfig({
  globalCss: {
    html: { scrollBehavior: 'smooth', scrollPaddingTop: '72px' },
    body: { bg: 'bg', color: 'fg' },
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

export const system = createSystem(defaultConfig, config);
