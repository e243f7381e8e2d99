import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { uiTexts } from './texts';

/** The one loading indicator of the shop: a spinner with a spoken label for screen readers. */
export function PageSpinner({ minHeight = '40vh' }: { minHeight?: string }) {
  return (
    <Center minHeight={minHeight} role="status" aria-live="polite">
      <Spinner size="xl" color="brand.solid" borderWidth="4px" />
      <VisuallyHidden>{uiTexts.loading}</VisuallyHidden>
    </Center>
  );
}
