import { Button, HStack } from '@chakra-ui/react';
import { LANGUAGES, setLanguage, useLanguage } from './language';
import { useTexts } from './texts';
import { LANGUAGE_NAMES, languageTexts } from './language-texts';

/** Two buttons, the current one pressed; the choice is kept for the next visit. */
export function LanguageSwitch() {
  const language = useLanguage();
  const t = useTexts(languageTexts);
  return (
    <HStack role="group" aria-label={t.label} gap="1" data-testid="language-switch">
      {LANGUAGES.map((option) => (
        <Button
          key={option}
          size="xs"
          variant={option === language ? 'solid' : 'ghost'}
          colorPalette={option === language ? 'blue' : 'gray'}
          color={option === language ? undefined : 'gray.300'}
          aria-pressed={option === language}
          lang={option}
          onClick={() => setLanguage(option)}
        >
          {LANGUAGE_NAMES[option]}
        </Button>
      ))}
    </HStack>
  );
}
