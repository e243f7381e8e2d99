import { Box } from '@chakra-ui/react';

/** A clear sentence about what went wrong (nothing was changed), or nothing. */
export function ErrorNote({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Box
      role="alert"
      bg="red.50"
      color="red.800"
      borderWidth="1px"
      borderColor="red.200"
      rounded="md"
      px="3"
      py="2"
      my="2"
    >
      {message}
    </Box>
  );
}
