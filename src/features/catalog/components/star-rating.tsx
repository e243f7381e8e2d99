import { Box, HStack } from '@chakra-ui/react';
import { StarIcon } from '@/components/ui/icons';

const STARS = [0, 1, 2, 3, 4];

/** Five stars filled to `rating` out of 5 (4.5 fills four and a half), drawn as outlines under a clipped fill. */
export function StarRating({ rating, label }: { rating: number; label: string }) {
  const filledPercent = Math.max(0, Math.min(5, rating)) * 20;
  return (
    <Box position="relative" display="inline-block" role="img" aria-label={label} lineHeight="0">
      <HStack gap="0.5" color="brand.300">
        {STARS.map((star) => (
          <StarIcon key={star} boxSize="4" />
        ))}
      </HStack>
      <Box position="absolute" inset="0" overflow="hidden" width={`${filledPercent}%`}>
        <HStack gap="0.5" color="brand.400" width="max-content">
          {STARS.map((star) => (
            <StarIcon key={star} boxSize="4" fill="currentColor" />
          ))}
        </HStack>
      </Box>
    </Box>
  );
}
