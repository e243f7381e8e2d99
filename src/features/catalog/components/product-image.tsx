import { Box, Center, Image, Text } from '@chakra-ui/react';
import { catalogTexts } from '../texts';

// Cards show images at 4:3; width/height let the browser reserve the box before the image arrives.
export const CARD_IMAGE_WIDTH = 480;
export const CARD_IMAGE_HEIGHT = 360;
/** How wide a card's photo shows (the grid: one column on a phone, two on a tablet, four of ~320 px above). */
export const PRODUCT_IMAGE_SIZES = '(max-width: 640px) 100vw, (max-width: 1024px) 50vw, 320px';

function JarIllustration() {
  return (
    <svg viewBox="0 0 64 64" width="72" height="72" aria-hidden="true">
      <rect x="18" y="6" width="28" height="8" rx="2" fill="#9a3c0e" />
      <path d="M16 18c0-2 2-4 4-4h24c2 0 4 2 4 4v36c0 3-2 5-5 5H21c-3 0-5-2-5-5Z" fill="#fdd38a" />
      <path d="M16 30h32v18H16z" fill="#e47510" opacity=".85" />
      <circle cx="26" cy="38" r="3" fill="#5b8c2a" />
      <circle cx="37" cy="42" r="2.5" fill="#5b8c2a" />
    </svg>
  );
}

interface ProductImageProps {
  src: string | null;
  /** The photo's phone sizes once they exist (productPhotoSrcset); without them the photo as uploaded. */
  srcSet?: string | null;
  alt: string;
  /** One of the first cards, in or near the first screen: fetched at once, first, not lazily. */
  priority?: boolean;
}

/** The product's photo, or a drawn jar when it has none. */
export function ProductImage({ src, srcSet = null, alt, priority = false }: ProductImageProps) {
  if (!src) {
    return (
      <Center
        aspectRatio="4 / 3"
        width="full"
        bg="brand.subtle"
        flexDirection="column"
        gap="2"
        data-testid="product-image-placeholder"
      >
        <JarIllustration />
        <Text textStyle="xs" color="brand.fg">
          {catalogTexts.card.noImage}
        </Text>
      </Center>
    );
  }
  return (
    <Box aspectRatio="4 / 3" width="full" overflow="hidden" bg="brand.subtle">
      <Image
        src={src}
        {...(srcSet ? { srcSet } : {})}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        htmlWidth={CARD_IMAGE_WIDTH}
        htmlHeight={CARD_IMAGE_HEIGHT}
        sizes={PRODUCT_IMAGE_SIZES}
        aspectRatio="4 / 3"
        objectFit="cover"
        w="full"
        h="full"
      />
    </Box>
  );
}
