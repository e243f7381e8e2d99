import { EmptyState, VStack } from '@chakra-ui/react';
import { bn } from '@/i18n/bn';
import { ToolsIcon } from '@/components/ui/admin-icons';

export function ComingSoon({ text }: { text: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <ToolsIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title>{bn.admin.dashboard.comingSoon}</EmptyState.Title>
          <EmptyState.Description>{text}</EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
