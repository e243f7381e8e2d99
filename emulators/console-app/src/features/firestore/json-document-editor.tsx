import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { sharedTexts } from '../../lib/texts';
import { useTexts } from '../../i18n/texts';
import { editorTexts, firestoreTexts } from './texts';
import { parseTypedFields } from './typed-json';
import type { Fields } from './values';

/** A whole document typed as JSON; a mistake is a sentence and nothing is saved. */
export function JsonDocumentEditor({
  initial,
  documentsRoot,
  onSave,
  onCancel,
}: {
  initial: string;
  documentsRoot: string;
  onSave: (fields: Fields) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTexts(firestoreTexts);
  const say = useTexts(editorTexts);
  const common = useTexts(sharedTexts).common;
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setError(null);
    const parsed = parseTypedFields(text, documentsRoot);
    if ('error' in parsed) return setError(parsed.error);
    setSaving(true);
    try {
      await onSave(parsed.value);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="2" p="2" bg="gray.50" rounded="md" data-testid="json-editor">
      <Textarea
        size="sm"
        fontFamily="mono"
        rows={Math.min(24, Math.max(6, text.split('\n').length + 1))}
        aria-label={t.jsonLabel}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Text fontSize="xs" color="gray.600">
        {say.typedJsonHint}
      </Text>
      <ErrorNote message={error} />
      <HStack gap="2">
        <Button size="xs" colorPalette="blue" onClick={() => void save()} loading={saving}>
          {common.save}
        </Button>
        <Button size="xs" variant="ghost" onClick={onCancel}>
          {common.cancel}
        </Button>
      </HStack>
    </Stack>
  );
}
