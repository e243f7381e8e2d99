import { EmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface EmptyNoteProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** An action below the text, e.g. a button that clears the filters. */
  children?: ReactNode;
}

/** What a dashboard tab shows in place of an empty list: a dashed box with a short note. */
export function EmptyNote({ title, description, icon, children }: EmptyNoteProps) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="l3">
      <EmptyState.Content>
        {icon && <EmptyState.Indicator>{icon}</EmptyState.Indicator>}
        <VStack textAlign="center">
          <EmptyState.Title>{title}</EmptyState.Title>
          {description && <EmptyState.Description>{description}</EmptyState.Description>}
        </VStack>
        {children}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
