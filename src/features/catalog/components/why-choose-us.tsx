import { Box, Circle, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { HeartIcon, LeafIcon, ShieldIcon, TruckIcon } from '@/components/ui/icons';
import { catalogTexts } from '../texts';

const t = catalogTexts.why;

const features = [
  { key: 'natural', Icon: LeafIcon, ...t.natural },
  { key: 'healthy', Icon: HeartIcon, ...t.healthy },
  { key: 'fastDelivery', Icon: TruckIcon, ...t.fastDelivery },
  { key: 'guarantee', Icon: ShieldIcon, ...t.guarantee },
] as const;

export function WhyChooseUs() {
  return (
    <Box
      as="section"
      id="why-us"
      bg="brand.subtle"
      py={{ base: '10', md: '16' }}
      aria-labelledby="why-title"
      css={{ contentVisibility: 'auto', containIntrinsicHeight: 'auto 1000px' }}
    >
      <Container maxW="7xl">
        <Heading as="h2" id="why-title" size={{ base: '2xl', md: '3xl' }} textAlign="center" mb="10">
          {t.title}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {features.map(({ key, Icon, title, text }) => (
            <Stack
              key={key}
              alignItems="center"
              textAlign="center"
              gap="3"
              bg="bg"
              p="6"
              rounded="xl"
              shadow="sm"
            >
              <Circle size="14" bg="leaf.muted" color="leaf.fg">
                <Icon boxSize="7" />
              </Circle>
              <Heading as="h3" size="lg">
                {title}
              </Heading>
              <Text color="fg.muted">{text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
