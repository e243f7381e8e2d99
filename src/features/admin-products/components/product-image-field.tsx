import { useEffect, useRef, useState } from 'react';
import { Box, Button, Field, HStack, Image, Progress, Text, VisuallyHidden } from '@chakra-ui/react';
import { adminProductsTexts } from '../texts';
import { PRODUCT_IMAGE_TYPES } from '../model/product-image';
import { formatNumberBn } from '@/lib/format';
import { JarIcon } from '@/components/ui/admin-icons';

const t = adminProductsTexts.form;

export interface ProductImageFieldProps {
  /** The image the product has now, if any and not removed. */
  currentUrl: string | null;
  file: File | null;
  error: string | undefined;
  /** Upload progress in percent while saving, else null. */
  progress: number | null;
  disabled: boolean;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}

/** Shows what a file will look like before it is uploaded; nothing for a file that is not an image. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

export function ProductImageField({
  currentUrl,
  file,
  error,
  progress,
  disabled,
  onChoose,
  onRemove,
}: ProductImageFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const previewUrl = usePreviewUrl(error ? null : file);
  const shown = previewUrl ?? (file ? null : currentUrl);

  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{t.image}</Field.Label>
      <HStack gap="3" align="center" wrap="wrap">
        <Box
          width="20"
          height="20"
          borderRadius="l2"
          borderWidth="1px"
          overflow="hidden"
          bg="bg.muted"
          flexShrink={0}
          display="flex"
          alignItems="center"
          justifyContent="center"
        >
          {shown ? (
            <Image src={shown} alt={t.imagePreview} objectFit="cover" width="full" height="full" />
          ) : (
            <JarIcon boxSize="8" color="fg.subtle" />
          )}
        </Box>
        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            accept={PRODUCT_IMAGE_TYPES.join(',')}
            aria-label={t.chooseImage}
            disabled={disabled}
            onChange={(event) => {
              onChoose(event.currentTarget.files?.[0] ?? null);
              event.currentTarget.value = ''; // choosing the same file again still counts as a choice
            }}
          />
        </VisuallyHidden>
        <Button size="sm" variant="outline" onClick={() => input.current?.click()} disabled={disabled}>
          {t.chooseImage}
        </Button>
        {(shown || file) && (
          <Button size="sm" variant="ghost" colorPalette="red" onClick={onRemove} disabled={disabled}>
            {t.removeImage}
          </Button>
        )}
      </HStack>
      {file && !error && (
        <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
          {file.name}
        </Text>
      )}
      {progress !== null && (
        <Progress.Root value={progress} size="sm" colorPalette="brand" width="full" mt="1" max={100}>
          <Progress.Label fontSize="xs" mb="1">
            {t.uploading(formatNumberBn(progress))}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>{t.imageHint}</Field.HelperText>
      )}
    </Field.Root>
  );
}
