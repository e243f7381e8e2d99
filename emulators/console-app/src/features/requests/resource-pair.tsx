import { Box, Flex, Text } from '@chakra-ui/react';

export interface ResourcePanel {
  label: string;
  /** The text shown: the data as JSON, or the "none" text. */
  text: string;
  testId: string;
}

/** Two data panels side by side: what the rules saw stored and what the request would write. */
export function ResourcePair({ panels }: { panels: readonly [ResourcePanel, ResourcePanel] }) {
  return (
    <Flex gap="3">
      {panels.map((panel) => (
        <Box key={panel.testId} flex="1" minW="0">
          <Text fontSize="xs" fontWeight="semibold">
            {panel.label}
          </Text>
          <Box
            as="pre"
            fontSize="xs"
            bg="gray.50"
            p="2"
            rounded="md"
            overflowX="auto"
            tabIndex={0}
            data-testid={panel.testId}
          >
            {panel.text}
          </Box>
        </Box>
      ))}
    </Flex>
  );
}
